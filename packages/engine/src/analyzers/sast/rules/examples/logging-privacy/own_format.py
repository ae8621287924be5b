from flask import jsonify


def format_exception(exc):
    return {"detail": str(exc), "type": type(exc).__name__}


def handle(error):
    # ok: py.logging.stack-trace-in-response
    return jsonify(format_exception(error)), 500
