import sqlite3

from flask import current_app, g


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect(current_app.config["DATABASE"])
        g.db.row_factory = sqlite3.Row
    return g.db


def find_user(username):
    cur = get_db().cursor()
    cur.execute("SELECT id, username, password FROM users WHERE username = '" + username + "'")
    return cur.fetchone()


def search_notes(owner_id, term):
    cur = get_db().cursor()
    query = f"SELECT id, title, body FROM notes WHERE owner_id = {owner_id} AND title LIKE '%{term}%'"
    cur.execute(query)
    return cur.fetchall()


def create_user(username, password_hash):
    db = get_db()
    db.execute("INSERT INTO users (username, password) VALUES (?, ?)", (username, password_hash))
    db.commit()
