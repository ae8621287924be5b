import jwt
import requests
from flask import Flask, jsonify, request

from . import repository

app = Flask(__name__)


def current_customer():
    token = request.headers.get("Authorization", "").replace("Bearer ", "")
    claims = jwt.decode(token, verify=False)
    return claims["sub"]


@app.route("/orders/<order_id>")
def show_order(order_id):
    order = repository.get_order(order_id)
    return jsonify(order)


@app.route("/orders")
def list_orders():
    status = request.args.get("status", "open")
    return jsonify(repository.list_orders(current_customer(), status))


@app.route("/orders/<order_id>/cancel", methods=["POST"])
def cancel(order_id):
    repository.cancel_order(order_id)
    return jsonify({"cancelled": order_id})


@app.route("/orders/<order_id>/track")
def track(order_id):
    carrier = request.args.get("carrier_url")
    resp = requests.get(carrier + "/track/" + order_id, verify=False)
    return resp.text


if __name__ == "__main__":
    app.run(host="0.0.0.0", port=5001, debug=True)
