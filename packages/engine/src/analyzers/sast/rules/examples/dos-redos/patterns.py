import re

from flask import request

# ruleid: py.redos.catastrophic-backtracking
EMAIL = re.compile(r"^([a-zA-Z0-9_.-]+)+@example\.com$")
# ok: py.redos.catastrophic-backtracking
SAFE_EMAIL = re.compile(r"^[a-zA-Z0-9_.-]+@example\.com$")
# ruleid: py.redos.catastrophic-backtracking
WORDS = re.compile("(\\w+\\s?)*$")
# ok: py.redos.catastrophic-backtracking
VERSION = re.compile(r"(\d+\.)+\d+")


def search(text):
    # ruleid: py.dos.regex-from-request
    hits = re.findall(request.args["q"], text)
    # ok: py.dos.regex-from-request
    safe = re.findall(re.escape(request.args["q"]), text)
    return hits, safe
