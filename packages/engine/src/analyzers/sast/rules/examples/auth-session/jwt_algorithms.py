import jwt

with open("keys/public.pem") as f:
    PUBLIC_KEY = f.read()


def read_token(token):
    # ruleid: py.auth.jwt-algorithm-confusion
    return jwt.decode(token, PUBLIC_KEY, algorithms=["RS256", "HS256"])


def read_token_strictly(token):
    # ok: py.auth.jwt-algorithm-confusion
    return jwt.decode(token, PUBLIC_KEY, algorithms=["RS256"])
