import requests
from flask import redirect, request, url_for


def login_done():
    # ruleid: py.redirect.open-redirect
    return redirect(request.args.get("next"))


def login_done_safe():
    # ok: py.redirect.open-redirect
    return redirect(url_for("home"))


def back_to_list():
    # ok: py.redirect.open-redirect
    return redirect(url_for("watchlist.index", tag=request.args.get("tag")))
    # ok: py.redirect.open-redirect
    return redirect("/tags/" + request.args["tag"])
    # ruleid: py.redirect.open-redirect
    return redirect(request.args["next"] + "?welcome=1")


def preview():
    # ruleid: py.ssrf.request-url
    r = requests.get(request.args["url"], timeout=5)
    # ok: py.ssrf.request-url, py.dos.request-without-timeout
    s = requests.get("https://api.example.com/status", params={"q": request.args.get("q")}, timeout=5)
    # ruleid: py.dos.request-without-timeout
    t = requests.post("https://api.example.com/audit", json={"event": "preview"})
    return r.text + s.text + t.text
