from flask import request


def update_account(current_user, form):
    filtered = {k: v for k, v in form.data.items() if k != "password"}
    # ruleid: py.access.attribute-mass-update
    current_user.__dict__.update(filtered)


def update_profile(user):
    for key, value in request.json.items():
        # ruleid: py.access.attribute-mass-update
        setattr(user, key, value)


def update_profile_safely(user):
    for key, value in request.json.items():
        if key in ALLOWED_FIELDS:
            # ok: py.access.attribute-mass-update
            setattr(user, key, value)


def apply_defaults(instance, defaults):
    for key, value in defaults.items():
        # ok: py.access.attribute-mass-update
        setattr(instance, key, value)


ALLOWED_FIELDS = ("name", "bio")
