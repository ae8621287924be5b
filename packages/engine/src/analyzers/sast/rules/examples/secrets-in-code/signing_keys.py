import os

import jwt
from flask import Flask

app = Flask(__name__)
# ruleid: py.secrets.hardcoded-signing-key
app.secret_key = "super secret key"
# ruleid: py.secrets.hardcoded-signing-key
app.config["SECRET_KEY_HMAC"] = "secret"
# ruleid: py.secrets.hardcoded-signing-key
SECRET_COOKIE_KEY = "PYGOAT"
# ok: py.secrets.hardcoded-signing-key
app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
# ok: py.secrets.hardcoded-signing-key
SECRET_KEY_CHARSET = "abcdefghijklmnopqrstuvwxyz0123456789"


def issue(user):
    # ruleid: py.secrets.hardcoded-signing-key
    return jwt.encode({"user": user}, "csrf_vulneribility", algorithm="HS256")


def issue_safely(user):
    # ok: py.secrets.hardcoded-signing-key
    return jwt.encode({"user": user}, app.config["SECRET_KEY"], algorithm="HS256")


class DevelopmentConfig:
    # ok: py.secrets.hardcoded-signing-key
    SECRET_KEY = "dev"


# the name of the cache entry that holds a scraped key, not a key
# ok: py.secrets.hardcoded-signing-key
SECRET_KEY_DB_KEY = "secret-key"


# A default the module refuses to start with is a sentinel, not a key.
class ServerSettings:
    # ok: py.secrets.hardcoded-signing-key
    SECRET_KEY = "CHANGE ME"


def check_key(config):
    if config["SECRET_KEY"] == "CHANGE ME":
        raise SystemExit("set SECRET_KEY")
