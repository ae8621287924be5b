import requests
from flask import redirect, request, url_for


def login_done():
    # ruleid: py.redirect.open-redirect
    return redirect(request.args.get("next"))


def login_done_safe():
    # ok: py.redirect.open-redirect
    return redirect(url_for("home"))


def preview():
    # ruleid: py.ssrf.request-url
    r = requests.get(request.args["url"], timeout=5)
    # ok: py.ssrf.request-url
    s = requests.get("https://api.example.com/status", params={"q": request.args.get("q")}, timeout=5)
    return r.text + s.text
