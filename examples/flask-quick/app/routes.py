import os
import pickle
import subprocess

import requests
import yaml
from flask import Blueprint, redirect, render_template_string, request, send_file, session

from .auth import check_login, register
from .db import search_notes

bp = Blueprint("notes", __name__)

EXPORT_DIR = "/var/notekeeper/exports"


@bp.route("/login", methods=["POST"])
def login():
    user = check_login(request.form["username"], request.form["password"])
    if user is None:
        return "Invalid credentials", 401
    session["user_id"] = user["id"]
    next_url = request.args.get("next", "/")
    return redirect(next_url)


@bp.route("/register", methods=["POST"])
def signup():
    register(request.form["username"], request.form["password"])
    return redirect("/login")


@bp.route("/search")
def search():
    term = request.args.get("q", "")
    rows = search_notes(session.get("user_id", 0), term)
    items = "".join(f"<li>{row['title']}</li>" for row in rows)
    return render_template_string("<h2>Results for " + term + "</h2><ul>" + items + "</ul>")


@bp.route("/export/<name>")
def export(name):
    path = os.path.join(EXPORT_DIR, name)
    return send_file(path)


@bp.route("/import", methods=["POST"])
def import_notes():
    payload = request.files["file"].read()
    if request.args.get("format") == "yaml":
        notes = yaml.load(payload, Loader=yaml.Loader)
    else:
        notes = pickle.loads(payload)
    return {"imported": len(notes)}


@bp.route("/preview")
def preview():
    url = request.args.get("url")
    resp = requests.get(url, timeout=5)
    return resp.text[:2000]


@bp.route("/admin/backup", methods=["POST"])
def backup():
    target = request.form.get("target", "nightly")
    subprocess.call("tar czf /backups/" + target + ".tgz /var/notekeeper", shell=True)
    return {"status": "started"}
