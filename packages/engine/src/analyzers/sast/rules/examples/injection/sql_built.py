import sqlite3

from sqlalchemy import text

TABLES = ["users", "posts"]


def find_user(db, username):
    # ruleid: py.injection.sql-built-string
    return db.execute(f"SELECT * FROM users WHERE username = '{username}'").fetchone()


def change_password(c, password, username):
    # ruleid: py.injection.sql-built-string
    c.execute("UPDATE users SET password = '{}' WHERE username = '{}'".format(password, username))


def search(session, Note, term):
    query = "SELECT id FROM notes WHERE text LIKE '%%%s%%'" % term
    # ruleid: py.injection.sql-built-string
    rows = session.execute(text(query))
    # ruleid: py.injection.sql-built-string
    notes = session.query(Note).filter(text(f"text like '%{term}%'")).all()
    return rows, notes


def find_user_safely(db, username):
    # ok: py.injection.sql-built-string
    return db.execute("SELECT * FROM users WHERE username = ?", (username,)).fetchone()


def truncate_all(cursor):
    for table in TABLES:
        # ok: py.injection.sql-built-string
        cursor.execute(f"DELETE FROM {table} WHERE id > 0")


def count_rows(session, model):
    # ok: py.injection.sql-built-string
    return session.execute(text(f"SELECT count(*) FROM {model.__tablename__}")).scalar()


def log_message(logger, user):
    # ok: py.injection.sql-built-string
    logger.execute(f"user {user} logged in")


def login(query_db, username, password):
    query = (
        "SELECT id FROM user WHERE username = '%s' AND password = '%s'"
        % (username, password)
    )
    # ruleid: py.injection.sql-built-string
    return query_db(query, [], True)


def login_safely(query_db, username):
    # ok: py.injection.sql-built-string
    return query_db("SELECT id FROM user WHERE username = ?", [username], True)
