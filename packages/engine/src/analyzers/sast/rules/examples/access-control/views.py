from django.views.decorators.csrf import csrf_exempt
from flask import request

from .models import Profile, User


def create_user():
    # ruleid: py.access.mass-assignment
    user = User(**request.json)
    # ruleid: py.access.mass-assignment
    User.objects.filter(id=1).update(**request.POST.dict())
    # ok: py.access.mass-assignment
    profile = Profile(name=request.json["name"], bio=request.json.get("bio"))
    # ok: py.access.mass-assignment
    other = Profile(**validated_fields(request.json))
    # ok: py.access.mass-assignment
    page = user.to_activity(**request.GET)
    return user, profile, other


# ruleid: py.access.csrf-exempt
@csrf_exempt
def webhook(request):
    return None


# ok: py.access.csrf-exempt
@login_required
def settings_view(request):
    return None


# ruleid: py.access.csrf-exempt
WTF_CSRF_ENABLED = False
