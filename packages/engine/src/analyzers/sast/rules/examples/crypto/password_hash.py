import hashlib
from hashlib import md5


def login(username, password, users):
    # ruleid: py.crypto.password-fast-hash
    digest = md5(password.encode()).hexdigest()
    # ruleid: py.crypto.password-fast-hash
    token = hashlib.sha256(password.encode()).hexdigest()
    # ok: py.crypto.password-fast-hash
    etag = hashlib.sha256(username.encode()).hexdigest()
    # ok: py.crypto.password-fast-hash
    ha1 = md5(f"{username}:realm:{password}".encode()).hexdigest()
    return users.get(username) in (digest, token), etag, ha1
