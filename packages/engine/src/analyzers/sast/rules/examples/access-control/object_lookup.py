from flask import Flask, abort, jsonify, request
from flask_login import current_user, login_required

app = Flask(__name__)


@app.route("/notes/<int:note_id>/delete", methods=["POST"])
@login_required
def delete_note(session, note_id):
    # ruleid: py.access.object-lookup-without-owner-check
    note = session.get(Note, note_id)
    session.delete(note)


@app.route("/fetch/customer", methods=["POST"])
def fetch_customer():
    content = request.json
    customer_id = content["id"]
    # ruleid: py.access.object-lookup-without-owner-check
    record = Customer.query.get(customer_id)
    return jsonify(record.to_dict())


@app.route("/notes/<int:note_id>")
@login_required
def show_note(note_id):
    # ok: py.access.object-lookup-without-owner-check
    note = Note.query.filter_by(id=note_id, user_id=current_user.id).first_or_404()
    return jsonify(note.to_dict())


@app.route("/admin/users/<int:user_id>")
@admins_only
def admin_user(user_id):
    # ok: py.access.object-lookup-without-owner-check
    return jsonify(User.query.get(user_id).to_dict())


def load_note(note_id):
    # ok: py.access.object-lookup-without-owner-check
    return Note.query.get(note_id)


class Note:
    pass


class Customer:
    pass


class User:
    pass


def admins_only(f):
    return f if current_user.is_admin else abort(403)
