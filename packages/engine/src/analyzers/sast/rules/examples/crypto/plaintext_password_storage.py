import sqlite3

from flask import Flask, request
from werkzeug.security import generate_password_hash

app = Flask(__name__)


@app.route("/users", methods=["POST"])
def create_user():
    content = request.get_json()
    name = content["username"]
    password = content["password"]
    c = sqlite3.connect("app.db").cursor()
    c.execute(
        # ruleid: py.crypto.plaintext-password-storage
        "INSERT INTO users (username, password) VALUES (?, ?)", (name, password))
    return {"user": name}, 201


@app.route("/reset", methods=["POST"])
def reset_password():
    new_password = request.form.get("new_password")
    user_id = request.form.get("user_id")
    cursor = sqlite3.connect("app.db").cursor()
    # ruleid: py.crypto.plaintext-password-storage, py.injection.sql-built-string
    cursor.execute(f"UPDATE users SET password='{new_password}' WHERE id={user_id}")
    return "ok"


@app.route("/signup", methods=["POST"])
def signup():
    password = request.form["password"]
    cursor = sqlite3.connect("app.db").cursor()
    # ok: py.crypto.plaintext-password-storage
    cursor.execute("INSERT INTO users (username, password) VALUES (?, ?)", (request.form["username"], generate_password_hash(password)))
    return "ok"


@app.route("/settings", methods=["POST"])
def settings():
    cursor = sqlite3.connect("app.db").cursor()
    # ok: py.crypto.plaintext-password-storage
    cursor.execute("UPDATE users SET theme = ? WHERE id = ?", (request.form["theme"], 1))
    return "ok"
