import base64
from jwt import decode


def get_identity(token):
    # ruleid: py.auth.jwt-verification-disabled
    return decode(token, options={"verify_signature": False, "verify_exp": False}).get("identity")


def decode_payload(text):
    # ok: py.auth.jwt-verification-disabled
    return base64.b64decode(text).decode("utf-8")
