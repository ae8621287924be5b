from flask import Flask

app = Flask(__name__)

# ruleid: py.misconfig.csp-unsafe-inline
CSP_SCRIPT_SRC = ("'self'", "'unsafe-inline'")
# ok: py.misconfig.csp-unsafe-inline
CSP_STYLE_SRC = ("'self'", "'unsafe-inline'")


@app.after_request
def add_headers(response):
    # ruleid: py.misconfig.csp-unsafe-inline
    response.headers["Content-Security-Policy"] = "script-src 'self' 'unsafe-inline'"
    return response


def strict(response):
    # ok: py.misconfig.csp-unsafe-inline
    response.headers["Content-Security-Policy"] = "default-src 'self'; style-src 'self' 'unsafe-inline'"
    # ok: py.misconfig.csp-unsafe-inline
    response.headers["Content-Security-Policy"] = "script-src 'self' 'nonce-abc123' 'unsafe-inline'"
    return response
