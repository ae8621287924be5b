// What a method of an object returns: the body's return value when the class is known and the call is followed;
// otherwise (the call depth limit, a method inherited from a base class the analysis cannot see) the input held in the
// object's fields may or may not come back, so the flow is unproven (severity-policy.ts UNPROVEN_CAP), not proven.
// Same helper pattern as false-alarms.test.ts: each case is the minimal code that was flagged beside the nearest truly
// vulnerable code that still is.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestContext } from '../../../testing/make-context';
import { PACK_ORDER } from '../rule-types';
import type { Finding } from '../../../types';
import { runTaint } from './index';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The taint findings of a throwaway project made of `files`. */
function findings(files: Record<string, string>): Finding[] {
  const dir = mkdtempSync(join(tmpdir(), 'duescan-obj-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return runTaint(makeTestContext(dir), { packs: new Set(PACK_ORDER), crossFile: true });
}

/** rule:line:severity of every finding. */
function graded(files: Record<string, string>): string[] {
  return findings(files).map((f) => `${f.ruleId}:${f.location.startLine}:${f.severity}`);
}

/**
 * A query object built from the request (zentral's MSQuery): filter objects hold the request's values, the SQL text is
 * made of constant fragments and the values are passed as bound parameters. `build` is the method that makes the SQL;
 * `chain` is how the view reaches the method that runs it (`q._run()` directly, or through three more methods, which
 * puts `_build` past the call depth the analysis follows).
 */
const msquery = (build: string, chain: 'short' | 'deep') => `from flask import Flask, request
from django.db import connection

app = Flask(__name__)


class NameFilter:
    expression = "ms.name"

    def __init__(self, query_dict):
        self.value = query_dict.get("name")

    def wheres(self):
        return ["ms.name = %s"]

    def where_args(self):
        return [self.value]


class MSQuery:
    def __init__(self, query_dict=None):
        self.query_dict = query_dict or {}
        self.filters = [NameFilter(self.query_dict)]

    def _build(self):
${build.replace(/^/gm, '        ')}

    def _run(self):
        query, args = self._build()
        cursor = connection.cursor()
        cursor.execute(query, args)
        return cursor.fetchall()

    def _results(self):
        return self._run()

    def count(self):
        return len(self._results())

    def redirect_url(self):
        return self.count()


@app.route("/machines")
def machines():
    q = MSQuery(request.args)
    return str(q.${chain === 'short' ? '_run()' : 'redirect_url()'})
`;

/** SQL text of constant fragments and the filters' own methods; the request's values go to the bound arguments. */
const PARAMETERIZED = `query = ["select ms.id from ms"]
args = []
wheres = []
for f in self.filters:
    wheres.extend(f.wheres())
    args.extend(f.where_args())
if wheres:
    query.append("WHERE")
    query.append(" AND ".join(wheres))
return "\\n".join(query), args`;

/** The same method with the request's value written into the SQL text. */
const INTERPOLATED = `query = "select ms.id from ms WHERE ms.name = '%s'" % self.query_dict.get("name")
return query, []`;

describe('a method of a known class returns what its body returns', () => {
  it('bound parameters built by filter objects: not SQL injection, however deep the method runs', () => {
    expect(graded({ 'app.py': msquery(PARAMETERIZED, 'short') })).toEqual([]);
    // past the call depth the analysis follows, the body is not run: the request's values held in self may or may not
    // come back, so the flow is unproven (capped), not a proven critical
    expect(graded({ 'app.py': msquery(PARAMETERIZED, 'deep') }).filter((r) => /:(critical|high)$/.test(r))).toEqual([]);
  });

  it('a method that writes the held request value into the SQL text is still SQL injection at its severity', () => {
    const sink = msquery(INTERPOLATED, 'short').split('\n').findIndex((l) => l.includes('cursor.execute')) + 1;
    expect(graded({ 'app.py': msquery(INTERPOLATED, 'short') })).toEqual([`py.injection.sql-taint:${sink}:critical`]);
    // not followed (call depth): kept, capped as unproven
    expect(graded({ 'app.py': msquery(INTERPOLATED, 'deep') })).toEqual([`py.injection.sql-taint:${sink}:low`]);
  });

  it('the tainted field itself formatted into the query stays critical', () => {
    const view = (sql: string) => `from flask import Flask, request\nfrom django.db import connection\n\napp = Flask(__name__)\n\n\nclass Search:\n    def __init__(self, q):\n        self.q = q\n\n    def run(self):\n        cursor = connection.cursor()\n        cursor.execute(${sql})\n\n\n@app.route("/s")\ndef search():\n    Search(request.args.get("q")).run()\n    return "ok"\n`;
    expect(graded({ 'app.py': view('"select * from t where a = \'%s\'" % self.q') })).toEqual(['py.injection.sql-taint:13:critical']);
    expect(graded({ 'app.py': view('"select * from t where a = %s", [self.q]') })).toEqual([]);
  });
});

describe('a method the class inherits from a base the analysis cannot see', () => {
  const view = (sql: string) => `from flask import Flask, request\nfrom django.db import connection\nfrom sqlkit import BaseQuery\n\napp = Flask(__name__)\n\n\nclass Search(BaseQuery):\n    def __init__(self, q):\n        self.q = q\n\n    def run(self):\n        cursor = connection.cursor()\n        cursor.execute(${sql})\n\n\n@app.route("/s")\ndef search():\n    Search(request.args.get("q")).run()\n    return "ok"\n`;

  it("its result may or may not carry the object's fields: unproven", () => {
    expect(graded({ 'app.py': view('self.as_sql()') })).toEqual(['py.injection.sql-taint:14:low']);
  });

  it('the field written into the SQL text by the class itself stays critical', () => {
    expect(graded({ 'app.py': view('"select * from t where a = \'%s\'" % self.q') })).toEqual(['py.injection.sql-taint:14:critical']);
    // a library method of the tainted field itself (a string's) is the input
    expect(graded({ 'app.py': view('"select * from t where a = \'" + self.q.strip() + "\'"') })).toEqual(['py.injection.sql-taint:14:critical']);
  });
});
