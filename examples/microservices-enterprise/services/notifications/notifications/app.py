import base64
import pickle
import subprocess

import yaml
from flask import Flask, request
from jinja2 import Template

app = Flask(__name__)
TWILIO_AUTH_TOKEN = "9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c"


@app.route("/render", methods=["POST"])
def render():
    template = Template(request.json["template"])
    return template.render(order=request.json.get("order", {}))


@app.route("/templates/import", methods=["POST"])
def import_templates():
    config = yaml.load(request.data, Loader=yaml.Loader)
    return {"templates": len(config)}


@app.route("/jobs/replay", methods=["POST"])
def replay():
    job = pickle.loads(base64.b64decode(request.form["job"]))
    return {"replayed": job.get("id")}


@app.route("/sms", methods=["POST"])
def sms():
    number = request.form["to"]
    subprocess.run("sms-cli send --to " + number + " --body 'Your order shipped'", shell=True)
    return {"queued": True}
