// Test fixture shared by the engine and report tests: seven lines of Flask with two injections (SQL and OS
// command) from request parameters. The smallest app a baseline must not be able to turn into a clean report.
export const TINY_VULNERABLE_APP = [
  'from flask import Flask, request',
  'import sqlite3, subprocess',
  'app = Flask(__name__)',
  '@app.route("/u")',
  'def u():',
  '    rows = sqlite3.connect("a.db").execute("SELECT * FROM users WHERE name = \'" + request.args["name"] + "\'").fetchall()',
  '    return str(rows) + subprocess.check_output("ping -c1 " + request.args["host"], shell=True).decode()',
].join('\n');
