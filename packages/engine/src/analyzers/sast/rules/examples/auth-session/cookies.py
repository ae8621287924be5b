import jwt
from flask import make_response

SESSION_COOKIE_HTTPONLY = True
# ruleid: py.auth.session-cookie-insecure-setting
SESSION_COOKIE_SECURE = False
# ok: py.auth.session-cookie-insecure-setting
CSRF_COOKIE_SECURE = True
# ok: py.auth.session-cookie-insecure-setting
CSRF_COOKIE_HTTPONLY = False
if DOMAIN == "localhost":
    # ok: py.auth.session-cookie-insecure-setting
    SESSION_COOKIE_SECURE = False


def session_storage(app):
    # ruleid: py.auth.session-cookie-insecure-setting
    weak = RedisStorage(app["redis"], httponly=False)
    # ok: py.auth.session-cookie-insecure-setting
    strong = RedisStorage(app["redis"], secure=True)
    return weak, strong


def login(app, sid, opts):
    # ruleid: py.auth.session-cookie-insecure-setting
    app.config["SESSION_COOKIE_SECURE"] = False
    resp = make_response("ok")
    # ruleid: py.auth.cookie-without-secure
    resp.set_cookie("sid", sid, secure=False, httponly=True)
    # ruleid: py.auth.cookie-without-secure, py.auth.cookie-without-httponly
    resp.set_cookie("theme", "dark")
    # ruleid: py.auth.cookie-without-httponly
    resp.set_cookie("sid", sid, secure=True)
    # ok: py.auth.cookie-without-secure, py.auth.cookie-without-httponly
    resp.set_cookie("sid", sid, secure=True, httponly=True, samesite="Lax")
    # ok: py.auth.cookie-without-secure, py.auth.cookie-without-httponly
    resp.set_cookie("sid", sid, **opts)
    return resp


def claims(token, key):
    # ruleid: py.auth.jwt-verification-disabled
    a = jwt.decode(token, verify=False)
    # ruleid: py.auth.jwt-verification-disabled
    b = jwt.decode(token, key, options={"verify_signature": False})
    # ruleid: py.auth.jwt-verification-disabled
    c = jwt.decode(token, key, algorithms=["none"])
    # ok: py.auth.jwt-verification-disabled
    d = jwt.decode(token, key, algorithms=["HS256"])
    return a, b, c, d


def delete_user(user, target):
    # ruleid: py.auth.assert-used-for-authorization
    assert user.is_admin, "admins only"
    # ok: py.auth.assert-used-for-authorization
    assert target is not None
    target.delete()
