from flask import Flask, make_response
from flask_cors import CORS
from lxml import etree

app = Flask(__name__)

# ruleid: py.misconfig.django-debug-enabled
DEBUG = True

# ruleid: py.misconfig.cors-credentials-any-origin
CORS(app, supports_credentials=True)
# ok: py.misconfig.cors-credentials-any-origin
CORS(app, origins=["https://app.example.com"], supports_credentials=True)
# ruleid: py.misconfig.cors-wildcard-origin
CORS(app, origins="*")
# ok: py.misconfig.cors-wildcard-origin
CORS(app, origins=["https://app.example.com"])


@app.route("/public")
def public():
    resp = make_response("{}")
    # ruleid: py.misconfig.cors-wildcard-origin
    resp.headers["Access-Control-Allow-Origin"] = "*"
    # ok: py.misconfig.cors-wildcard-origin
    resp.headers["Access-Control-Allow-Origin"] = "https://app.example.com"
    return resp


def parse(xml_bytes):
    # ruleid: py.xxe.lxml-external-entities
    parser = etree.XMLParser(resolve_entities=True)
    # ok: py.xxe.lxml-external-entities
    safe = etree.XMLParser(resolve_entities=False, no_network=True)
    return etree.fromstring(xml_bytes, safe), parser


if __name__ == "__main__":
    # ruleid: py.misconfig.flask-debug-enabled
    app.run(host="0.0.0.0", debug=True)
    # ok: py.misconfig.flask-debug-enabled
    app.run(debug=False)
    # ok: py.misconfig.flask-debug-enabled
    app.run(debug=True)
    # ok: py.misconfig.flask-debug-enabled
    app.run(host="127.0.0.1", port=5000, debug=True)
