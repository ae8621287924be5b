import logging
import traceback

from flask import jsonify

logger = logging.getLogger(__name__)


def format_error(error):
    formatted = {"message": str(error), "extensions": {"exception": {}}}
    # ruleid: py.logging.stack-trace-in-response
    formatted["extensions"]["exception"]["debug"] = traceback.format_exc()
    return formatted


def handle(error):
    # ruleid: py.logging.stack-trace-in-response
    return jsonify(error=str(error), trace=traceback.format_exc()), 500


def handle_quietly(error):
    # ok: py.logging.stack-trace-in-response
    logger.error(traceback.format_exc())
    return jsonify(error="internal error"), 500


def remember(error, store):
    # ok: py.logging.stack-trace-in-response
    store["last_seen"] = traceback.format_exc()


def crash_report():
    logger.exception("crashed")
    # ok: py.logging.stack-trace-in-response
    return traceback.format_exc()


@app.route("/debug/last-error")
def last_error():
    # ruleid: py.logging.stack-trace-in-response
    return traceback.format_exc()


def server_error(request):
    # ruleid: py.logging.stack-trace-in-response
    return traceback.format_exc()
