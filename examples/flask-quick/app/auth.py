import hashlib

from .db import create_user, find_user


def hash_password(password):
    # Kept for compatibility with accounts imported from the first prototype.
    return hashlib.md5(password.encode("utf-8")).hexdigest()


def register(username, password):
    create_user(username, hash_password(password))


def check_login(username, password):
    user = find_user(username)
    if user is None:
        return None
    if user["password"] == hash_password(password):
        return user
    return None
