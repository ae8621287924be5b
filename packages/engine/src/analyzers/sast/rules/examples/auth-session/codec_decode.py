from codecs import decode


def unrot(text):
    # ok: py.auth.jwt-verification-disabled
    return decode(text, "rot13", options={"verify_signature": False})
