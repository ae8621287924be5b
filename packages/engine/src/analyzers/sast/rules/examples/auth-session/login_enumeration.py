import logging

from flask import jsonify, request

log = logging.getLogger(__name__)


def login():
    data = request.get_json()
    user = User.query.filter_by(username=data.get("username")).first()
    if user and data.get("password") == user.password:
        return jsonify(token=user.token())
    if user and data.get("password") != user.password:
        # ruleid: py.auth.user-enumeration
        return jsonify(message="Password is not correct for the given username."), 401
    return jsonify(message="Username does not exist"), 401


def login_generic():
    data = request.get_json()
    user = User.query.filter_by(username=data.get("username")).first()
    if not user:
        log.info("login: user not found %s", data.get("username"))
        # ok: py.auth.user-enumeration
        return jsonify(message="Invalid username or password"), 401
    if not user.check_password(data.get("password")):
        log.info("login: wrong password for %s", user.id)
        # ok: py.auth.user-enumeration
        return jsonify(message="Invalid username or password"), 401
    return jsonify(token=user.token())


def change_password(user, old, new):
    if not user.check_password(old):
        # ok: py.auth.user-enumeration
        return jsonify(message="Wrong password"), 400
    user.set_password(new)
    return jsonify(ok=True)
