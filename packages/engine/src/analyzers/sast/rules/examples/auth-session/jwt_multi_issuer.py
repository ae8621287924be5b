import jwt

ISSUER_KEYS = {}


def validate(token):
    # ok: py.auth.jwt-verification-disabled
    issuer = jwt.decode(token, options={"verify_signature": False})["iss"]
    key = ISSUER_KEYS[issuer]
    # ok: py.auth.jwt-verification-disabled
    return jwt.decode(token, key, algorithms=["RS256"], audience="api")


def trust_claims(token):
    # ruleid: py.auth.jwt-verification-disabled
    claims = jwt.decode(token, options={"verify_signature": False})
    return claims["sub"]
