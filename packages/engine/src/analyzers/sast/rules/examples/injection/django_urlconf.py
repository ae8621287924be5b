# Django URL captures reach views as parameters. The URLconf below links each view to its route, so the
# converter decides the taint: <int:...>, <uuid:...> and digit-only groups are clean, <str:...>, <path:...>
# and open regex groups are attacker text, a <slug:...> cannot leave a directory.
import subprocess

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import FileResponse, HttpResponse
from django.urls import path, re_path
from django.views import View
from django.views.generic import ListView

from .models import Ticket


def profile(request, username):
    audit(request, "profile-view")
    with connection.cursor() as cursor:
        # ruleid: py.injection.sql-taint
        # ruleid: py.injection.sql-built-string
        cursor.execute(f"SELECT id FROM accounts WHERE username = '{username}'")
        # ok: py.injection.sql-taint
        cursor.execute("SELECT id FROM accounts WHERE username = %s", [username])
    # ruleid: py.xss.reflected-taint
    return HttpResponse(f"<h1>{username}</h1>")


def account(request, pk):
    with connection.cursor() as cursor:
        # ok: py.injection.sql-taint
        # ruleid: py.injection.sql-built-string
        cursor.execute(f"SELECT username FROM accounts WHERE id = {pk}")
    return HttpResponse(status=204)


def archive(request, year):
    with connection.cursor() as cursor:
        # ok: py.injection.sql-taint
        # ruleid: py.injection.sql-built-string
        cursor.execute(f"SELECT title FROM posts WHERE year = {year}")
    return HttpResponse(status=204)


def download(request, relpath):
    # ruleid: py.path-file.traversal-taint
    return FileResponse(open(f"/srv/uploads/{relpath}", "rb"))


def static_file(request, name):
    # ruleid: py.path-file.traversal-taint
    return FileResponse(open("/srv/static/" + name, "rb"))


def manual(request, section):
    # ok: py.path-file.traversal-taint
    return FileResponse(open(f"/srv/manual/{section}.html", "rb"))


def page(request, template):
    # ok: py.path-file.traversal-taint
    return FileResponse(open(f"/srv/pages/{template}", "rb"))


def ping(request, host):
    # ruleid: py.injection.command-taint
    subprocess.run(["sh", "-c", f"ping -c 1 {host}"], check=True)
    return HttpResponse(status=204)


def revoke(request, token):
    # ok: py.injection.command-taint
    subprocess.run(["sh", "-c", f"revoke-token {token}"], check=True)
    return HttpResponse(status=204)


def audit(request, action):
    # A helper that takes the request is not a view: its other parameters are whatever its callers pass.
    # ok: py.injection.command-taint
    subprocess.run(["sh", "-c", f"logger {action}"], check=True)


@login_required
def export(request, fmt):
    # Routed from another URLconf: a view by its decorator, capture shape unknown.
    # ruleid: py.injection.command-taint
    subprocess.run(["sh", "-c", f"export-report --format {fmt}"], check=True)
    return HttpResponse(status=204)


class TicketView(View):
    def get(self, request, *args, **kwargs):
        with connection.cursor() as cursor:
            # ruleid: py.injection.sql-taint
            # ruleid: py.injection.sql-built-string
            cursor.execute("SELECT * FROM tickets WHERE queue = '%s'" % kwargs["queue"])
            # ok: py.injection.sql-taint
            # ruleid: py.injection.sql-built-string
            cursor.execute("SELECT * FROM tickets WHERE id = %d" % kwargs["number"])
        return HttpResponse(status=204)


class QueueFeed(ListView):
    def get_queryset(self):
        # ruleid: py.injection.sql-taint
        return Ticket.objects.raw(f"SELECT * FROM tickets WHERE queue = '{self.kwargs['queue']}'")


urlpatterns = [
    path("users/<str:username>/", profile),
    path("accounts/<int:pk>/", account),
    re_path(r"^archive/(?P<year>[0-9]{4})/$", archive),
    path("files/<path:relpath>", download),
    re_path(r"^static/([\w./-]+)$", static_file),
    path("manual/<slug:section>/", manual),
    path("about/", page, {"template": "about.html"}),
    re_path(r"^hosts/(?P<host>[^/]+)/ping$", ping),
    path("tokens/<uuid:token>/revoke/", revoke),
    path("tickets/<str:queue>/<int:number>/", TicketView.as_view()),
    path("queues/<str:queue>/feed/", QueueFeed.as_view()),
]
