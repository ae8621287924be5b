import os

from Crypto.Cipher import AES

# ruleid: py.crypto.hardcoded-cipher-key
KEY = b"123321123321asdx"
# ruleid: py.crypto.hardcoded-iv
IV = b"super_secure_iv2"
# ok: py.crypto.hardcoded-cipher-key
MODE_NAME = "cbc"


def encrypt(data):
    return AES.new(KEY, AES.MODE_CBC, IV).encrypt(data)


def encrypt_from_env(data):
    # ok: py.crypto.hardcoded-cipher-key
    label = "envelope"
    key = bytes.fromhex(os.environ["DATA_KEY"])
    return label, AES.new(key, AES.MODE_GCM, nonce=os.urandom(12)).encrypt(data)


# ok: py.crypto.hardcoded-iv
NONCE_NAME = "nonce"


def fresh(data):
    return AES.new(bytes.fromhex(os.environ["DATA_KEY"]), AES.MODE_CBC, os.urandom(16)).encrypt(data), NONCE_NAME
