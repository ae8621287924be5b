import os
import subprocess

import jwt
from flask import Flask, jsonify

app = Flask(__name__)
app.secret_key = os.environ["SECRET_KEY"]
DB_PASSWORD = os.environ.get("DB_PASSWORD", "")
STRIPE_PUBLISHABLE_KEY = os.environ.get("STRIPE_PUBLISHABLE_KEY")


@app.route("/debug/info")
def debug_info():
    info = {
        "version": "1.0",
        # ruleid: py.logging.secret-in-response
        "secret_key": app.secret_key,
        # ruleid: py.logging.secret-in-response
        "environment": dict(os.environ),
        # ok: py.logging.secret-in-response
        "debug": app.debug,
    }
    return jsonify(info)


@app.route("/debug/db")
def debug_db():
    # ruleid: py.logging.secret-in-response
    return jsonify(host="db", password=DB_PASSWORD)


@app.route("/debug/env")
def debug_env():
    # ruleid: py.logging.secret-in-response
    return jsonify(os.environ.copy())


@app.route("/config")
def public_config():
    # ok: py.logging.secret-in-response
    return jsonify(stripe_key=STRIPE_PUBLISHABLE_KEY, jwt_secret_set=bool(os.getenv("JWT_SECRET")))


@app.route("/token")
def token():
    # ok: py.logging.secret-in-response
    signed = jwt.encode({"sub": "me"}, key=app.secret_key)
    return jsonify(signed)


@app.route("/build")
def build():
    # ok: py.logging.secret-in-response
    out = subprocess.run(["make"], env=dict(os.environ, CI="1"), capture_output=True)
    return jsonify(code=out.returncode)


@app.route("/me/oauth-app")
def my_oauth_app(current_user):
    client = current_user.oauth_client
    # ok: py.logging.secret-in-response
    return jsonify(client_id=client.client_id, client_secret=client.client_secret)


class Middleware:
    def _scrub_headers(self, environ):
        headers = dict(environ)
        headers["HTTP_AUTHORIZATION"] = "Basic **masked**"
        # ok: py.logging.secret-in-response
        return {"request": dict(environ), "headers": headers}
