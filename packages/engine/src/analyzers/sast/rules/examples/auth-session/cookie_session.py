import base64
import json

from flask import request
from itsdangerous import URLSafeTimedSerializer


def load_session():
    cookie = request.cookies.get("vulpy_session")
    # ruleid: py.auth.unsigned-cookie-state
    return json.loads(base64.b64decode(cookie))


def load_signed_session(secret):
    cookie = request.cookies.get("session")
    # ok: py.auth.unsigned-cookie-state
    return URLSafeTimedSerializer(secret).loads(cookie, max_age=3600)


def load_config(blob):
    # ok: py.auth.unsigned-cookie-state
    return json.loads(base64.b64decode(blob))
