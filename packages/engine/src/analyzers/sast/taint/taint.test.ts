import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestContext } from '../../../testing/make-context';
import { PACK_ORDER } from '../rule-types';
import { runTaint, TAINT_RULES } from './index';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function scan(files: Record<string, string>, crossFile = true) {
  const dir = mkdtempSync(join(tmpdir(), 'duescan-taint-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return runTaint(makeTestContext(dir), { packs: new Set(PACK_ORDER), crossFile });
}

const rulesAt = (files: Record<string, string>, crossFile = true) => scan(files, crossFile).map((f) => `${f.ruleId}@${f.location.file}:${f.location.startLine}`);

const flask = (body: string) => `from flask import Flask, request\nimport os, subprocess, sqlite3\napp = Flask(__name__)\n\n@app.route('/x')\ndef view():\n${body.replace(/^/gm, '    ')}\n    return 'ok'\n`;

describe('taint contract', () => {
  it('exports one rule per language and sink kind with complete metadata', () => {
    expect(TAINT_RULES.map((r) => r.id)).toContain('py.injection.sql-taint');
    expect(TAINT_RULES.map((r) => r.id)).toContain('js.injection.command-taint');
    for (const r of TAINT_RULES) {
      expect(PACK_ORDER).toContain(r.pack);
      expect(r.cwe[0]).toMatch(/^CWE-\d+$/);
      expect(r.owasp[0]).toMatch(/^A\d\d:2021-/);
      expect(r.fix.example.length).toBeGreaterThan(5);
    }
  });

  it('reports a finding with a source -> step -> sink trace, fingerprint and pack', () => {
    const [f] = scan({ 'app.py': flask("q = request.args.get('q')\nsql = 'SELECT * FROM t WHERE a = ' + q\nsqlite3.connect('d').cursor().execute(sql)") });
    expect(f?.ruleId).toBe('py.injection.sql-taint');
    expect(f?.analyzer).toBe('sast');
    expect(f?.category).toBe('security');
    expect(f?.pack).toBe('injection');
    expect(f?.id).toMatch(/^[0-9a-f]{16}$/);
    expect(f?.trace?.map((s) => `${s.kind}:${s.line}`)).toEqual(['source:7', 'step:8', 'sink:9']);
    expect(f?.snippet).toContain('execute(sql)');
  });

  it('only reports rules of the requested packs', () => {
    const dir = { 'app.py': flask("os.system(request.args['c'])\nopen(request.args['p'])") };
    const dirPath = mkdtempSync(join(tmpdir(), 'duescan-taint-'));
    dirs.push(dirPath);
    writeFileSync(join(dirPath, 'app.py'), dir['app.py']);
    const only = runTaint(makeTestContext(dirPath), { packs: new Set(['injection'] as const), crossFile: false });
    expect(only.map((f) => f.ruleId)).toEqual(['py.injection.command-taint']);
  });
});

describe('python propagation', () => {
  it.each([
    ['assignment chain', "a = request.args['x']\nb = a\nos.system(b)"],
    ['augmented assignment', "s = 'echo '\ns += request.form['x']\nos.system(s)"],
    ['f-string', "x = request.args['x']\nos.system(f'echo {x}')"],
    ['% format', "x = request.args['x']\nos.system('echo %s' % x)"],
    ['str.format', "x = request.args['x']\nos.system('echo {}'.format(x))"],
    ['join', "x = request.args['x']\nos.system(' '.join(['echo', x]))"],
    ['list read after append', "lst = ['a']\nlst.append(request.args['x'])\nos.system(lst[1])"],
    ['dict key written then read', "d = {}\nd['k'] = request.args['x']\nos.system(d['k'])"],
    ['library call (base64 round trip)', "import base64\nx = base64.b64decode(base64.b64encode(request.args['x'].encode())).decode()\nos.system(x)"],
    ['slice', "x = 'ab' + request.cookies['c'] + 'cd'\nos.system(x[2:-2])"],
  ])('%s reaches the sink', (_name, body) => {
    expect(rulesAt({ 'app.py': flask(body) })).toContain(`py.injection.command-taint@app.py:${body.split('\n').length + 6}`);
  });

  it('keeps container keys apart: a constant key stays clean', () => {
    const body = "d = {}\nd['a'] = request.args['x']\nd['b'] = 'ls'\nos.system(d['b'])\nlst = ['safe', request.args['x']]\nlst.pop(1)\nos.system(lst[0])";
    expect(rulesAt({ 'app.py': flask(body) })).toEqual([]);
  });
});

describe('python sanitizers and validators', () => {
  it.each([
    ['shlex.quote', "import shlex\nos.system('echo ' + shlex.quote(request.args['x']))"],
    ['int cast', "os.system('kill ' + str(int(request.args['pid'])))"],
    ['parameterized query', "sqlite3.connect('d').execute('SELECT * FROM t WHERE a = ?', (request.args['a'],))"],
    ['allow-list membership', "x = request.args['x']\nif x not in ['ls', 'pwd']:\n    return 'no'\nos.system(x)"],
    ['allow-list inside the branch', "x = request.args['x']\nif x in ALLOWED:\n    os.system(x)"],
    ['path containment', "import pathlib\np = (pathlib.Path('/srv') / request.args['f']).resolve()\nif not str(p).startswith('/srv/'):\n    return 'bad'\nopen(p)"],
    ['html.escape for HTML output', "import html\nreturn '<p>' + html.escape(request.args['x']) + '</p>'"],
    ['yaml.safe_load', "import yaml\nyaml.safe_load(request.data)"],
  ])('%s leaves no finding', (_name, body) => {
    expect(rulesAt({ 'app.py': flask(body) })).toEqual([]);
  });

  it('an HTML escaper does not sanitize for other sinks', () => {
    const body = "import html, flask\nflask.session['u'] = html.escape(request.args['u'])";
    expect(rulesAt({ 'app.py': flask(body) })).toEqual(['py.auth-session.trust-boundary-taint@app.py:8']);
  });

  it('a quote deny-check protects a quoted XPath literal but a traversal check only protects paths', () => {
    const body = "x = request.args['x']\nif \"'\" in x:\n    return 'no'\nroot.xpath(\"//u[@id='\" + x + \"']\")\nif '..' in x:\n    return 'no'\nopen('/srv/' + x)\nos.system(x)";
    expect(rulesAt({ 'app.py': flask(body) })).toEqual(['py.injection.command-taint@app.py:14']);
  });

  it('a deny-list check proves nothing', () => {
    const body = "x = request.args['x']\nif x in BLOCKED:\n    return 'no'\nos.system(x)";
    expect(rulesAt({ 'app.py': flask(body) })).toEqual(['py.injection.command-taint@app.py:10']);
  });
});

describe('python dead branches and constants', () => {
  it.each([
    ['constant if/else (126 > 100)', "p = request.args['x']\nif 7 * 18 > 100:\n    x = 'safe'\nelse:\n    x = p\nos.system(x)"],
    ['constant ternary', "p = request.args['x']\nnum = 106\nx = 'safe' if 7 * 18 + num > 200 else p\nos.system(x)"],
    ['overwritten with a constant', "x = request.args['x']\nx = 'ls'\nos.system(x)"],
    ['match on a constant', "p = request.args['x']\nguess = 'ABC'[1]\nmatch guess:\n    case 'A':\n        x = p\n    case 'B':\n        x = 'ok'\n    case _:\n        x = p\nos.system(x)"],
    ['elif chain on constants', "p = request.args['x']\nmode = 2\nif mode == 1:\n    x = p\nelif mode == 2:\n    x = 'ok'\nelse:\n    x = p\nos.system(x)"],
  ])('%s creates no finding', (_name, body) => {
    expect(rulesAt({ 'app.py': flask(body) })).toEqual([]);
  });

  it('the live branch of a constant condition still reports', () => {
    const body = "p = request.args['x']\nx = p if 7 * 18 > 100 else 'safe'\nos.system(x)";
    expect(rulesAt({ 'app.py': flask(body) })).toEqual(['py.injection.command-taint@app.py:9']);
  });
});

describe('python framework semantics', () => {
  it('request.path of a route without variable parts is a constant', () => {
    const code = "from flask import request\nimport os\n@app.route('/a/b')\ndef f():\n    os.system(request.path.split('/')[1])\n@app.route('/a/<name>')\ndef g(name):\n    os.system(request.path)\n";
    expect(rulesAt({ 'app.py': code })).toEqual(['py.injection.command-taint@app.py:8']);
  });

  it('a user-chosen session key crosses the trust boundary', () => {
    expect(rulesAt({ 'app.py': flask("import flask\nflask.session[request.args['k']] = 'v'") })).toEqual(['py.auth-session.trust-boundary-taint@app.py:8']);
  });

  it('sh -c with an argument list built on either branch is a shell command', () => {
    const body = "args = []\nif os.name == 'nt':\n    args.append('cmd.exe')\n    args.append('/c')\nelse:\n    args.append('sh')\n    args.append('-c')\nargs.append('echo ' + request.args['x'])\nsubprocess.run(args)\nsubprocess.run(['echo', request.args['x']])";
    expect(rulesAt({ 'app.py': flask(body) })).toEqual(['py.injection.command-taint@app.py:15']);
  });
});

describe('python inter-procedural and cross-file', () => {
  it('follows parameters into returns and into sinks of called functions', () => {
    const code = `from flask import request\nimport os\n\ndef wrap(v):\n    return 'echo ' + v\n\ndef run(cmd):\n    os.system(cmd)\n\ndef const(v):\n    return 'ls'\n\ndef view():\n    run(wrap(request.args['x']))\n    os.system(const(request.args['x']))\n`;
    // run() hands its parameter unchanged to os.system: the flaw is the command composed for it, at the call
    expect(rulesAt({ 'app.py': code })).toEqual(['py.injection.command-taint@app.py:14']);
  });

  it('reports a sink a helper reaches with its parameter unchanged at each call that composed the text (liftToCall)', () => {
    const db = `import sqlite3\n\nclass DbHelper:\n    def execute_read(self, sql, params={}):\n        cur = sqlite3.connect('d').cursor()\n        cur.execute(sql, params)\n        return cur.fetchall()\n\n    def by_name(self, name):\n        return self.execute_read("SELECT * FROM t WHERE name = '" + name + "'")\n\n    def fixed(self, name):\n        return self.execute_read("SELECT * FROM t WHERE name = ?", (name,))\n`;
    const views = `from flask import request\nfrom db import DbHelper\n\nhelper = DbHelper()\n\ndef search():\n    q = request.args.get('q')\n    sql = f"SELECT * FROM p WHERE name LIKE '%{q}%'"\n    return helper.execute_read(sql)\n\ndef login():\n    return helper.execute_read(f"SELECT * FROM u WHERE name = '{request.form['u']}'")\n\ndef other():\n    return helper.by_name(request.args['n'])\n\ndef safe():\n    return helper.fixed(request.args['n'])\n`;
    const found = scan({ 'db.py': db, 'views.py': views });
    // one finding per call that built the query; by_name composes the query itself: reported at its own call
    expect(found.map((f) => `${f.location.file}:${f.location.startLine}`)).toEqual(['db.py:10', 'views.py:9', 'views.py:12']);
    const atSearch = found.find((f) => f.location.file === 'views.py' && f.location.startLine === 9);
    expect(atSearch?.message).toContain('passes it unchanged to cur.execute(sql, params) (db.py:6)');
    expect(atSearch?.trace?.map((s) => `${s.kind}:${s.file}:${s.line}`)).toEqual(['source:views.py:7', 'step:views.py:8', 'step:db.py:4', 'step:db.py:6', 'sink:views.py:9']);
  });

  it('keeps raw input a helper uses unchecked at the helper\'s sink, and looks through a callback the helper runs', () => {
    const py = `from flask import request\nimport urllib.request\n\ndef api():\n    return _download(request.form['url'])\n\ndef _download(url):\n    with urllib.request.urlopen(url) as f:\n        return f.read()\n`;
    expect(rulesAt({ 'app.py': py })).toEqual(['py.ssrf-redirect.ssrf-taint@app.py:8']);
    const js = `const { exec } = require('child_process');\nconst express = require('express');\nconst app = express();\nfunction execAsync(command) {\n  return new Promise((resolve, reject) => {\n    exec(command, (err, out) => (err ? reject(err) : resolve(out)));\n  });\n}\napp.post('/export', async (req, res) => {\n  await execAsync(\`cp /tmp/last.csv /exports/\${req.body.fileName}.csv\`);\n  res.json({ ok: true });\n});\n`;
    expect(rulesAt({ 'app.js': js })).toEqual(['js.injection.command-taint@app.js:10']);
  });

  it('follows methods of a wrapper class (constructor stores the request)', () => {
    const code = `from flask import request\nimport os\n\nclass Wrapper:\n    def __init__(self, r):\n        self.r = r\n    def arg(self, n):\n        return self.r.args.get(n)\n    def safe(self, n):\n        return 'x'\n\ndef view():\n    w = Wrapper(request)\n    os.system(w.arg('a'))\n    os.system(w.safe('a'))\n`;
    expect(rulesAt({ 'app.py': code })).toEqual(['py.injection.command-taint@app.py:14']);
  });

  const helper = `import os\n\ndef run(cmd):\n    os.system(cmd)\n\ndef upper(s):\n    return s.upper()\n`;
  const view = `from flask import request\nimport os\nfrom pkg.helpers import run, upper\nimport pkg.helpers\n\ndef view():\n    run(request.args['x'])\n    os.system(pkg.helpers.upper(request.args['y']))\n`;

  it('crosses files through imports when crossFile is on', () => {
    expect(rulesAt({ 'pkg/__init__.py': '', 'pkg/helpers.py': helper, 'app.py': view }, true)).toEqual([
      'py.injection.command-taint@app.py:8',
      'py.injection.command-taint@pkg/helpers.py:4',
    ]);
  });

  it('resolves a name re-exported by a package __init__', () => {
    const files = {
      'pkg/__init__.py': 'from .impl import run\n',
      'pkg/impl.py': 'import os\n\ndef run(c):\n    os.system(c)\n',
      'app.py': "from flask import request\nfrom pkg import run\n\ndef view():\n    run(request.args['c'])\n",
    };
    expect(rulesAt(files)).toEqual(['py.injection.command-taint@pkg/impl.py:4']);
  });

  it('analyzes the functions of a module that another module imported first', () => {
    const a = `from flask import request\nimport os\nfrom b import helper\n\ndef view():\n    helper()\n`;
    const b = `from flask import request\nimport os\n\ndef helper():\n    return 1\n\ndef other():\n    os.system(request.args['x'])\n`;
    expect(rulesAt({ 'a.py': a, 'b.py': b })).toEqual(['py.injection.command-taint@b.py:8']);
  });

  it("imports namespace packages from the folder of the script that runs them (app/main.py, no __init__.py)", () => {
    const files = (script: string) => ({
      [script]: 'from apis.router import api\n',
      'app/apis/admin/utils.py': 'import os\n\ndef run(c):\n    os.system(c)\n',
      'app/apis/admin/views.py': "from flask import request\nfrom apis.admin.utils import run\n\ndef view():\n    run(request.args['c'])\n",
    });
    expect(rulesAt(files('app/main.py'))).toEqual(['py.injection.command-taint@app/apis/admin/utils.py:4']);
    // without a script there the folder is not a source root: the import stays a library's
    expect(rulesAt(files('app/notes.py'))).toEqual([]);
  });

  it('stays within the file when crossFile is off', () => {
    // unknown library calls still propagate taint, but the sink inside the other file is not seen
    expect(rulesAt({ 'pkg/__init__.py': '', 'pkg/helpers.py': helper, 'app.py': view }, false)).toEqual(['py.injection.command-taint@app.py:8']);
  });
});

describe('serverless handlers', () => {
  it("a Lambda handler's event is the client's request; a named method taking (event, context) is not a handler", () => {
    const js = "const { exec } = require('child_process');\nexports.handler = async (event, context) => {\n  exec('ls ' + event.queryStringParameters.dir);\n};\n";
    const py = "import os\n\ndef lambda_handler(event, context):\n    os.system('cp ' + event['Records'][0]['s3']['object']['key'])\n";
    expect(rulesAt({ 'h.js': js, 'f.py': py })).toEqual(['py.injection.command-taint@f.py:4', 'js.injection.command-taint@h.js:3']);
    const plugin = "const { exec } = require('child_process');\nclass P {\n  onTaskCreated(event, context) {\n    exec('ls ' + event.dir);\n  }\n}\nmodule.exports = P;\n";
    expect(rulesAt({ 'p.js': plugin })).toEqual([]);
    // a key of a direct invocation or a queue message is what the function's own caller sent
    const internal = "import os\n\ndef lambda_handler(event, context):\n    os.system('zip ' + event['year'])\n    os.system('cat ' + event['Records'][0]['body'])\n";
    expect(rulesAt({ 'g.py': internal })).toEqual([]);
  });
});

describe('Meteor root-absolute imports', () => {
  it("'/models/lib/scope' resolves from the application root, so the helper's id check is seen", () => {
    const files = {
      'models/lib/scope.js': "const isId = (v) => typeof v === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(v);\nfunction parseScope(query) {\n  const scope = {};\n  if (isId(query.listId)) scope.listId = query.listId;\n  return scope;\n}\nmodule.exports = { parseScope };\n",
      'models/cards.js': "const mongoose = require('mongoose');\nmodule.exports = mongoose.model('Card', new mongoose.Schema({ listId: String }));\n",
      'models/server/routes.js': "const express = require('express');\nconst Cards = require('../cards');\nconst { parseScope } = require('/models/lib/scope');\nconst app = express();\napp.get('/b', async (req, res) => {\n  const scope = parseScope(req.query);\n  await Cards.find({ listId: scope.listId });\n  await Cards.find({ listId: req.query.other });\n  res.end();\n});\n",
    };
    expect(rulesAt(files)).toEqual(['js.injection.nosql-taint@models/server/routes.js:8']);
  });
});

describe('Bottle near misses', () => {
  it('a named template with request values as variables is not template injection, a dict return is JSON', () => {
    const code = "from bottle import request, template, route\n@route('/a')\ndef a():\n    return template('index', name=request.query.get('name'))\n@route('/b')\ndef b():\n    return {'name': request.query.get('name')}\n";
    expect(rulesAt({ 'app.py': code })).toEqual([]);
  });
});

describe('python sources and sinks', () => {
  it.each([
    ['FastAPI query parameter', "from fastapi import FastAPI\nimport os\napp = FastAPI()\n@app.get('/x')\ndef f(cmd: str):\n    os.system(cmd)\n", 'py.injection.command-taint@app.py:6'],
    ['Django request.GET', "import os\nfrom django.http import HttpResponse\ndef view(request):\n    os.system(request.GET['c'])\n    return HttpResponse('ok')\n", 'py.injection.command-taint@app.py:4'],
    ['Bottle template source built from the query', "from bottle import request, template, route\n@route('/a')\ndef a():\n    return template('<p>Hello ' + request.query.get('name') + '</p>')\n", 'py.injection.template-taint@app.py:4'],
    ['Bottle route (module-level decorator) returning HTML', "from bottle import request, post\n@post('/b')\ndef b():\n    return '<p>Hello ' + request.forms.get('name') + '</p>'\n", 'py.xss.reflected-taint@app.py:4'],
    ['sys.argv (low confidence)', "import sys, os\nos.system(sys.argv[1])\n", 'py.injection.command-taint@app.py:2'],
    ['SSRF via requests', "from flask import request\nimport requests\ndef f():\n    requests.get(request.args['u'])\n", 'py.ssrf-redirect.ssrf-taint@app.py:4'],
    ['pickle', "from flask import request\nimport pickle\ndef f():\n    pickle.loads(request.data)\n", 'py.deserialization.unsafe-taint@app.py:4'],
    ['XPath', "from flask import request\nfrom lxml import etree\ndef f(root):\n    root.xpath(\"//u[@id='\" + request.args['id'] + \"']\")\n", 'py.injection.xpath-taint@app.py:4'],
    ['redirect', "from flask import request, redirect\ndef f():\n    return redirect(request.args['next'])\n", 'py.ssrf-redirect.open-redirect-taint@app.py:3'],
  ])('%s', (_name, code, expected) => {
    expect(rulesAt({ 'app.py': code })).toContain(expected);
  });

  it('XML parsed with external entities switched on, and only then', () => {
    const body = "import xml.sax, xml.dom.minidom\np = xml.sax.make_parser()\nxml.dom.minidom.parseString(request.data, p)\np.setFeature(xml.sax.handler.feature_external_ges, True)\nxml.dom.minidom.parseString(request.data, p)";
    expect(rulesAt({ 'app.py': flask(body) })).toEqual(['py.injection.xxe-taint@app.py:11']);
  });

  it('LDAP filters and response headers', () => {
    const body = "import ldap3\nconn = ldap3.Connection(server)\nconn.search('ou=users', f\"(uid={request.args['u']})\")\nfrom flask import make_response\nreturn make_response(('ok', {'X-Val': request.args['h']}))";
    expect(rulesAt({ 'app.py': flask(body) })).toEqual(['py.injection.ldap-taint@app.py:9', 'py.injection.header-taint@app.py:11']);
  });

  it("an upload saved under the client's file name; a secured or generated name is not", () => {
    const up = (save: string) => `from flask import Flask, request\nfrom werkzeug.utils import secure_filename\nimport os, uuid\napp = Flask(__name__)\n\n@app.post('/up')\ndef up():\n    f = request.files['f']\n    ${save}\n    return 'ok'\n`;
    expect(rulesAt({ 'app.py': up("f.save(os.path.join('/srv/u', f.filename))") })).toEqual(['py.path-file.traversal-taint@app.py:9']);
    expect(rulesAt({ 'app.py': up("f.save(dst='/srv/u/' + f.filename)") })).toEqual(['py.path-file.traversal-taint@app.py:9']);
    expect(rulesAt({ 'app.py': up("f.save(os.path.join('/srv/u', secure_filename(f.filename)))") })).toEqual([]);
    expect(rulesAt({ 'app.py': up("f.save(os.path.join('/srv/u', uuid.uuid4().hex + os.path.splitext(f.filename)[1]))") })).toEqual([]);
  });

  it("FastAPI's declarations of request parameters are the request's values; a dependency or a checked pattern is not", () => {
    const api = (params: string) => `import os\nfrom fastapi import FastAPI, Query, Form, Depends, File, UploadFile\napp = FastAPI()\n\n@app.post('/x')\ndef x(${params}):\n    os.system('echo ' + v)\n    return {}\n`;
    expect(rulesAt({ 'app.py': api('v: str = Query(None)') })).toEqual(['py.injection.command-taint@app.py:7']);
    expect(rulesAt({ 'app.py': api('v: str = Form(...)') })).toEqual(['py.injection.command-taint@app.py:7']);
    expect(rulesAt({ 'app.py': api("v: str = Query(..., regex='^.*$')") })).toEqual(['py.injection.command-taint@app.py:7']);
    expect(rulesAt({ 'app.py': api('v: str = Depends(current_user)') })).toEqual([]);
    expect(rulesAt({ 'app.py': api("v: str = Query(..., pattern='^[a-z0-9_-]+$')") })).toEqual([]);
    expect(rulesAt({ 'app.py': api("v: str = Query(..., pattern='^[a-z ;]+$')") })).toEqual(['py.injection.command-taint@app.py:7']);
    const upload = "from fastapi import FastAPI, UploadFile, File\napp = FastAPI()\n\n@app.post('/u')\ndef u(file: UploadFile = File(...)):\n    with open(f'uploads/{file.filename}', 'wb') as f:\n        f.write(file.file.read())\n    return {}\n";
    expect(rulesAt({ 'app.py': upload })).toEqual(['py.path-file.traversal-taint@app.py:6']);
    // an upload's content (bytes) names no path; a str form field does
    const content = (type: string) => `import os\nfrom fastapi import FastAPI, File\napp = FastAPI()\n\n@app.put('/i')\ndef i(data: ${type} = File(...)):\n    open(data, 'rb')\n    os.system(data)\n    return {}\n`;
    expect(rulesAt({ 'app.py': content('bytes') })).toEqual(['py.injection.command-taint@app.py:8']);
    expect(rulesAt({ 'app.py': content('str') })).toEqual(['py.path-file.traversal-taint@app.py:7', 'py.injection.command-taint@app.py:8']);
  });

  it('configparser values are read back per key', () => {
    const body = "import configparser\nc = configparser.ConfigParser()\nc.add_section('s')\nc.set('s', 'a', request.args['x'])\nc.set('s', 'b', 'ls')\nos.system(c.get('s', 'b'))\nos.system(c.get('s', 'a'))";
    expect(rulesAt({ 'app.py': flask(body) })).toEqual(['py.injection.command-taint@app.py:13']);
  });

  it('marks CLI input as low confidence', () => {
    const [f] = scan({ 'cli.py': "import sys, os\nos.system(sys.argv[1])\n" });
    expect(f?.confidence).toBe('low');
  });
});

describe('javascript / typescript', () => {
  it.each([
    ['express exec with template literal', "const { exec } = require('child_process');\napp.get('/x', (req, res) => {\n  exec(`ls ${req.query.dir}`);\n});\n", 'js.injection.command-taint@app.js:3'],
    ['destructured body into SQL', "app.post('/x', async (req, res) => {\n  const { name } = req.body;\n  await db.query('SELECT * FROM u WHERE n = ' + name);\n});\n", 'js.injection.sql-taint@app.js:3'],
    ['object property write then read', "app.get('/x', (req, res) => {\n  const o = {};\n  o.a = req.params.id;\n  res.send('<p>' + o.a + '</p>');\n});\n", 'js.xss.reflected-taint@app.js:4'],
    ['array join', "import fs from 'fs';\nexport default function handler(req, res) {\n  fs.readFileSync(['/data', req.query.f].join('/'));\n}\n", 'js.path-file.traversal-taint@app.js:3'],
    ['eval', "app.get('/x', (req, res) => { eval(req.query.code); });\n", 'js.injection.code-taint@app.js:1'],
    ['koa ctx', "import Koa from 'koa';\nconst app = new Koa();\napp.use(async (ctx) => {\n  ctx.body = '<p>' + ctx.query.q + '</p>';\n});\n", 'js.xss.reflected-taint@app.js:4'],
    ['session write', "app.post('/x', (req, res) => {\n  req.session.role = req.body.role;\n});\n", 'js.auth-session.trust-boundary-taint@app.js:2'],
    ['DOM sink from location.hash', "const v = decodeURIComponent(location.hash.slice(1));\ndocument.getElementById('o').innerHTML = v;\n", 'js.xss.reflected-taint@app.js:2'],
    ['open redirect', "app.get('/x', (req, res) => res.redirect(req.query.next));\n", 'js.ssrf-redirect.open-redirect-taint@app.js:1'],
    ['zod string field stays tainted', "import { z } from 'zod';\nconst Q = z.object({ format: z.enum(['pdf']), name: z.string().min(1) });\napp.get('/x', (req, res) => {\n  const q = Q.parse(req.query);\n  res.setHeader('x-name', q.name);\n});\n", 'js.injection.header-taint@app.js:5'],
    ['closure variable defaulted on one branch inside a callback', "app.post('/x', (req, res) => {\n  let next = req.body.next;\n  login(req.body.user).then(() => {\n    if (!next) {\n      next = '/';\n    }\n    res.redirect(next);\n  });\n});\n", 'js.ssrf-redirect.open-redirect-taint@app.js:7'],
    ['SSRF through request options (uri) built in a helper', "const request = require('request');\napp.post('/x', (req, res) => {\n  dl(req.body.url, () => res.send('ok'));\n});\nconst dl = (url, done) => {\n  const opts = { uri: url, method: 'GET' };\n  request(opts).on('end', done);\n};\n", 'js.ssrf-redirect.ssrf-taint@app.js:7'],
    ['SSRF through axios baseURL', "const axios = require('axios');\napp.post('/x', async (req, res) => {\n  await axios.request({ baseURL: req.body.base, url: '/status' });\n  res.end();\n});\n", 'js.ssrf-redirect.ssrf-taint@app.js:3'],
    ['sqlite3 statement methods on a driver handle', "const sqlite3 = require('sqlite3').verbose();\nconst db = new sqlite3.Database('./a.db');\napp.post('/x', (req, res) => {\n  const { name } = req.body;\n  const query = `SELECT * FROM u WHERE n = \"${name}\"`;\n  db.get(query, (err, row) => res.json(row));\n});\n", 'js.injection.sql-taint@app.js:6'],
    ['better-sqlite3 prepare', "import Database from 'better-sqlite3';\nconst db = new Database('a.db');\napp.get('/x', (req, res) => {\n  res.json(db.prepare('SELECT * FROM t WHERE id = ' + req.query.id).all());\n});\n", 'js.injection.sql-taint@app.js:4'],
    ['a database-named handle given text that starts as SQL', "app.get('/x', async (req, res) => {\n  res.json(await db.oneOrNone(`SELECT * FROM t WHERE id = ${req.query.id}`));\n});\n", 'js.injection.sql-taint@app.js:2'],
    ['SSRF through needle(method, url)', "const needle = require('needle');\napp.put('/x', async (req, res) => {\n  await needle('get', req.body.url);\n  res.end();\n});\n", 'js.ssrf-redirect.ssrf-taint@app.js:3'],
    ['SSRF through http or https chosen by the URL scheme', "app.get('/x', (req, res) => {\n  const { url } = req.query;\n  const http = require('http');\n  const https = require('https');\n  const client = url.startsWith('https') ? https : http;\n  client.get(url, (r) => r.pipe(res));\n});\n", 'js.ssrf-redirect.ssrf-taint@app.js:6'],
    ['SSRF fetch (TypeScript)', "export async function handler(req: Request, res: any) {\n  const url: string = req.query.url as string;\n  await fetch(url);\n}\n", 'js.ssrf-redirect.ssrf-taint@app.ts:3'],
  ])('%s', (_name, code, expected) => {
    const file = expected.includes('app.ts') ? 'app.ts' : 'app.js';
    expect(rulesAt({ [file]: code })).toContain(expected);
  });

  it.each([
    ['encodeURIComponent', "app.get('/x', (req, res) => { res.send('<a href=/?q=' + encodeURIComponent(req.query.q) + '>'); });\n"],
    ['parseInt', "app.get('/x', (req, res) => { db.query('SELECT * FROM t WHERE id = ' + parseInt(req.query.id, 10)); });\n"],
    ['parameterized query', "app.get('/x', (req, res) => { db.query('SELECT * FROM t WHERE id = $1', [req.query.id]); });\n"],
    ['allow-list includes', "app.get('/x', (req, res) => {\n  const c = req.query.c;\n  if (!ALLOWED.includes(c)) return;\n  require('child_process').exec(c);\n});\n"],
    ['constant condition', "app.get('/x', (req, res) => {\n  let c = req.query.c;\n  if (3 * 4 > 10) { c = 'ls'; }\n  require('child_process').exec(c);\n});\n"],
    ['constant switch', "app.get('/x', (req, res) => {\n  let c;\n  switch ('b') {\n    case 'a': c = req.query.c; break;\n    case 'b': c = 'ls'; break;\n    default: c = req.query.c;\n  }\n  require('child_process').exec(c);\n});\n"],
    ['closure variable set on every branch inside a callback', "app.post('/x', (req, res) => {\n  let next = req.body.next;\n  login(req.body.user).then(() => {\n    if (req.body.admin) {\n      next = '/admin';\n    } else {\n      next = '/';\n    }\n    res.redirect(next);\n  });\n});\n"],
    ['constant object key', "app.get('/x', (req, res) => {\n  const o = { a: req.query.c, b: 'ls' };\n  require('child_process').exec(o.b);\n});\n"],
    ['zod enum field', "import { z } from 'zod';\nconst Q = z.object({ format: z.enum(['pdf', 'json']).default('pdf'), n: z.coerce.number().int() });\napp.get('/x', (req, res) => {\n  const q = Q.safeParse(req.query);\n  if (!q.success) return;\n  res.setHeader('content-disposition', `attachment; filename=\"r.${q.data.format}\"`);\n  require('child_process').exec('ls ' + Q.parse(req.query).n);\n});\n"],
    ['get/run on a database-named handle with text that is not SQL', "app.get('/x', async (req, res) => {\n  const v = await db.get('user:' + req.query.id);\n  await db.run(req.query.task);\n  res.end();\n});\n"],
    ['sqlite3 statement with placeholders', "const sqlite3 = require('sqlite3');\nconst db = new sqlite3.Database('a.db');\napp.get('/x', (req, res) => {\n  db.all('SELECT * FROM t WHERE id = ?', [req.query.id], (e, rows) => res.json(rows));\n});\n"],
    ['metadata check before a containment check', "const fs = require('fs');\napp.get('/x', (req, res) => {\n  if (!fs.statSync(req.query.p).isDirectory()) return res.sendStatus(400);\n  res.sendStatus(204);\n});\n"],
  ])('%s leaves no finding', (_name, code) => {
    expect(rulesAt({ 'app.js': code })).toEqual([]);
  });

  it("a page's inline scripts are front-end code: the URL's hash into innerHTML is XSS, into textContent it is not", () => {
    const page = (sink: string) => `<html>\n<body>\n<div id="out"></div>\n<script>\n  const hash = decodeURIComponent(location.hash.substring(1));\n  if (hash) { document.getElementById('out').${sink} = hash; }\n</script>\n</body>\n</html>\n`;
    expect(rulesAt({ 'templates/home.html': page('innerHTML') })).toEqual(['js.xss.reflected-taint@templates/home.html:6']);
    expect(rulesAt({ 'templates/home.html': page('textContent') })).toEqual([]);
  });

  it('follows functions across files through imports', () => {
    const util = "const cp = require('child_process');\nfunction run(c) {\n  cp.exec(c);\n}\nmodule.exports = { run };\n";
    const app = "const { run } = require('./util');\napp.get('/x', (req, res) => { run(req.query.c); });\n";
    expect(rulesAt({ 'util.js': util, 'app.js': app })).toEqual(['js.injection.command-taint@util.js:3']);
    expect(rulesAt({ 'util.js': util, 'app.js': app }, false)).toEqual([]);
  });

  it('calls a required module whose export is a function, and names re-exported by an index', () => {
    const files = {
      'lib/run.js': "const cp = require('child_process');\nmodule.exports = function run(c) {\n  cp.exec(c);\n};\n",
      'lib/sh.ts': "import { execSync } from 'child_process';\nexport function sh(c: string) {\n  execSync(c);\n}\n",
      'lib/index.ts': "export { sh } from './sh';\n",
      'app.js': "const run = require('./lib/run');\nconst { sh } = require('./lib');\napp.get('/x', (req, res) => {\n  run(req.query.a);\n  sh(req.query.b);\n});\n",
    };
    expect(rulesAt(files)).toEqual(['js.injection.command-taint@lib/run.js:3', 'js.injection.command-taint@lib/sh.ts:3']);
  });

  it('follows ES module imports of a function returning tainted data', () => {
    const lib = "export function wrap(v: string): string {\n  return 'echo ' + v;\n}\n";
    const app = "import { exec } from 'node:child_process';\nimport { wrap } from './lib';\nexport default function handler(req, res) {\n  exec(wrap(req.body.cmd));\n}\n";
    expect(rulesAt({ 'lib.ts': lib, 'app.ts': app })).toEqual(['js.injection.command-taint@app.ts:4']);
  });
});

describe('aiohttp handlers', () => {
  it("request.post(), request.match_info and request.query are request data; a value formatted into SQL with a dict reaches the query", () => {
    const files = (read: string) => ({
      'app/views.py': `from aiohttp import web\nfrom app.dao import Student\n\n\nasync def create(request):\n    ${read}\n    await Student.create(request.app['db'], name)\n    return web.Response(text='ok')\n`,
      'app/dao.py': `class Student:\n    @staticmethod\n    async def create(conn, name):\n        q = "INSERT INTO students (name) VALUES ('%(name)s')" % {'name': name}\n        async with conn.cursor() as cur:\n            await cur.execute(q)\n`,
      'app/__init__.py': '',
    });
    expect(rulesAt(files("data = await request.post()\n    name = data['name']"))).toContain('py.injection.sql-taint@app/dao.py:6');
    expect(rulesAt(files("name = request.match_info['name']"))).toContain('py.injection.sql-taint@app/dao.py:6');
    expect(rulesAt(files("name = request.query.get('name')"))).toContain('py.injection.sql-taint@app/dao.py:6');
    expect(rulesAt(files("name = request.app['default_name']"))).toEqual([]);
  });
});

describe('javascript database handles exported by a project module', () => {
  const route = "import { type Request, type Response } from 'express'\nimport * as models from '../models/index'\n\nexport function search () {\n  return (req: Request, res: Response) => {\n    const q: any = req.query.q\n    models.sequelize.query(`SELECT * FROM Products WHERE name LIKE '%${q}%'`)\n  }\n}\n";

  it("a driver handle a project module exports (created by a function declared below it) is the driver's", () => {
    const models = "import { Sequelize } from 'sequelize'\n\nlet sequelize = createSequelize()\n\nfunction createSequelize () {\n  return new Sequelize('db', 'u', 'p', { dialect: 'sqlite' })\n}\n\nfunction setSequelize (seq: Sequelize) {\n  sequelize = seq\n}\n\nexport { sequelize, setSequelize }\n";
    expect(rulesAt({ 'models/index.ts': models, 'routes/search.ts': route })).toEqual(['js.injection.sql-taint@routes/search.ts:7']);
  });

  it("a project module's own query helper is analyzed as code, not taken for a driver", () => {
    const models = 'export const sequelize = {\n  query (sql: string) { return sql.length }\n}\n';
    expect(rulesAt({ 'models/index.ts': models, 'routes/search.ts': route })).toEqual([]);
  });
});

describe('express view locals', () => {
  const route = (locals: string) => `const express = require('express');\nconst app = express();\napp.post('/account', (req, res) => {\n  const profile = req.body;\n  profile.name = String(profile.name).trim();\n  return res.render('account.hbs', ${locals});\n});\n`;

  it("the client's whole body as a view's locals lets it choose the layout file; picked fields do not", () => {
    expect(rulesAt({ 'a.js': route('profile') })).toEqual(['js.path-file.traversal-taint@a.js:6']);
    expect(rulesAt({ 'a.js': route('{ name: profile.name, email: req.body.email }') })).toEqual([]);
  });
});

describe('checks of one field', () => {
  it("a check of one field of a request object proves nothing of the object's other fields", () => {
    const route = (check: string) => `const express = require('express');\nconst { exec } = require('child_process');\nconst validator = require('validator');\nconst app = express();\napp.post('/x', (req, res) => {\n  const data = req.body;\n  if (!${check}) return res.sendStatus(400);\n  exec('convert ' + data.name);\n});\n`;
    expect(rulesAt({ 'a.js': route('validator.isEmail(data.email)') })).toEqual(['js.injection.command-taint@a.js:8']);
    expect(rulesAt({ 'a.js': route('validator.isAlphanumeric(data.name)') })).toEqual([]);
  });
});

describe('prefix and suffix checks', () => {
  const route = (check: string, sink: string) => `const express = require('express');\nconst axios = require('axios');\nconst { exec } = require('child_process');\nconst app = express();\napp.get('/a', (req, res) => {\n  const u = req.query.u;\n  if (!${check}) return res.sendStatus(400);\n  ${sink};\n});\n`;

  it("a prefix that ends a URL's host pins requests to that host; one that ends no host does not", () => {
    expect(rulesAt({ 'a.js': route("u.startsWith('https://api.example.com/')", 'axios.get(u)') })).toEqual([]);
    expect(rulesAt({ 'a.js': route("u.startsWith('http')", 'axios.get(u)') })).toEqual(['js.ssrf-redirect.ssrf-taint@a.js:8']);
  });

  it('a prefix or suffix excludes no shell character', () => {
    expect(rulesAt({ 'a.js': route("u.startsWith('/srv/')", "exec('convert ' + u)") })).toEqual(['js.injection.command-taint@a.js:8']);
    expect(rulesAt({ 'a.js': route("u.endsWith('.png')", "exec('convert ' + u)") })).toEqual(['js.injection.command-taint@a.js:8']);
  });
});

describe('quoted literals and parsed URLs', () => {
  it('a value checked to be one quoted literal (same quote at both ends, none inside) is safe to exec; one checked at an end only is not', () => {
    const literal = "bar = request.form['x']\nif not bar.startswith(\"'\") or not bar.endswith(\"'\") or \"'\" in bar[1:-1]:\n    return 'bad'\nexec(bar)";
    expect(rulesAt({ 'a.py': flask(literal) })).toEqual([]);
    const oneEnd = "bar = request.form['x']\nif not bar.startswith(\"'\"):\n    return 'bad'\nexec(bar)";
    expect(rulesAt({ 'a.py': flask(oneEnd) })).toEqual(['py.injection.code-taint@a.py:10']);
  });

  it("a check of a parsed URL's host (urlparse(u).netloc in a list) is a check of the URL", () => {
    const body = "import urllib.parse\nfrom flask import redirect\nu = request.args['next']\nif urllib.parse.urlparse(u).netloc not in ['example.com']:\n    return 'bad'\nreturn redirect(u)";
    const parsed = "import urllib.parse\nfrom flask import redirect\nu = request.args['next']\np = urllib.parse.urlparse(u)\nif p.netloc not in ['example.com']:\n    return 'bad'\nreturn redirect(u)";
    expect(rulesAt({ 'a.py': flask(parsed) })).toEqual([]);
    expect(rulesAt({ 'a.py': flask(body.replace("if urllib.parse.urlparse(u).netloc not in ['example.com']:\n    return 'bad'\n", '')) })).toEqual(['py.ssrf-redirect.open-redirect-taint@a.py:10']);
  });
});

describe('NestJS controllers', () => {
  const ctrl = (params: string, body: string) =>
    `import { Controller, Get, Query, Body, Param, Headers, Req, ParseIntPipe } from '@nestjs/common';\nimport { exec } from 'child_process';\nimport { AppService } from './app.service';\n@Controller('/api')\nexport class AppController {\n  constructor(private readonly appService: AppService) {}\n  @Get('x')\n  async x(${params}) {\n    ${body}\n  }\n}\n`;
  const service = `import { Injectable } from '@nestjs/common';\nimport { spawn } from 'child_process';\n@Injectable()\nexport class AppService {\n  async launch(command: string) {\n    const [program, ...args] = command.split(' ');\n    return spawn(program, args);\n  }\n}\n`;

  it.each([
    ["@Query('c') c: string", 'exec(c)'],
    ['@Body() body: any', 'exec(body.cmd)'],
    ["@Param('id') id: string", "exec('kill ' + id)"],
    ["@Headers('x-cmd') h: string", 'exec(h)'],
    ['@Req() r: any', 'exec(r.query.c)'],
  ])('a parameter decorated %s is request data', (params, sink) => {
    expect(rulesAt({ 'app.controller.ts': ctrl(params, `return ${sink};`) })).toEqual(['js.injection.command-taint@app.controller.ts:9']);
  });

  it('a DTO field checked by class-validator (an id pattern, a UUID) holds no path; an unchecked field does', () => {
    const dto = "import { IsString, Matches, Length, IsUUID } from 'class-validator';\nexport class CreateShareDTO {\n  @IsString()\n  @Matches('^[a-zA-Z0-9_-]*$', { message: 'ID only' })\n  @Length(3, 50)\n  id: string;\n  @IsUUID() owner: string;\n  @IsString() name: string;\n}\n";
    const route = (field: string) => ctrl('@Body() share: CreateShareDTO', `return require('fs').mkdirSync('/data/uploads/' + share.${field});`).replace("import { AppService } from './app.service';", "import { AppService } from './app.service';\nimport { CreateShareDTO } from './dto';");
    expect(rulesAt({ 'app.controller.ts': route('id'), 'dto.ts': dto })).toEqual([]);
    expect(rulesAt({ 'app.controller.ts': route('owner'), 'dto.ts': dto })).toEqual([]);
    expect(rulesAt({ 'app.controller.ts': route('name'), 'dto.ts': dto })).toEqual(['js.path-file.traversal-taint@app.controller.ts:10']);
  });

  it("a URL validated only when the request arrives is still fetched wherever it redirects; a fetch through the project's SSRF-filtering dispatcher is not", () => {
    const dto = "import { IsUrl } from 'class-validator';\nimport { IsSafeWebhookUrl } from './safe-url';\nexport class HookDTO {\n  @IsUrl() @IsSafeWebhookUrl() url: string;\n}\n";
    const route = (call: string) => ctrl('@Body() hook: HookDTO', `return ${call};`).replace("import { AppService } from './app.service';", "import { AppService } from './app.service';\nimport { HookDTO } from './dto';\nimport { ssrfSafeDispatcher } from './ssrf.safe.dispatcher';");
    expect(rulesAt({ 'app.controller.ts': route('fetch(hook.url)'), 'dto.ts': dto })).toEqual(['js.ssrf-redirect.ssrf-taint@app.controller.ts:11']);
    expect(rulesAt({ 'app.controller.ts': route('fetch(hook.url, { dispatcher: ssrfSafeDispatcher })'), 'dto.ts': dto })).toEqual([]);
    // a plain agent filters nothing; one made by a function named for the filtering does
    expect(rulesAt({ 'app.controller.ts': route('fetch(hook.url, { dispatcher: new Agent({ connect: { timeout: 5000 } }) })'), 'dto.ts': dto })).toEqual(['js.ssrf-redirect.ssrf-taint@app.controller.ts:11']);
    expect(rulesAt({ 'app.controller.ts': route('fetch(hook.url, { dispatcher: getSsrfSafeDispatcher() })'), 'dto.ts': dto })).toEqual([]);
  });

  it('doT compiles the posted body as a template (template injection)', () => {
    const files = { 'app.controller.ts': ctrl('@Body() raw: string', 'return dotT.compile(raw.toString())();').replace("import { exec } from 'child_process';", "import * as dotT from 'dot';") };
    expect(rulesAt(files)).toEqual(['js.injection.template-taint@app.controller.ts:9']);
  });

  it("a converting pipe leaves a number; an undecorated parameter is not the request's", () => {
    expect(rulesAt({ 'app.controller.ts': ctrl("@Param('id', ParseIntPipe) id: number", "return exec('kill ' + id);") })).toEqual([]);
    expect(rulesAt({ 'app.controller.ts': ctrl('c: string', 'return exec(c);') })).toEqual([]);
  });

  it('a service injected through a constructor parameter property runs its own method', () => {
    const files = { 'app.controller.ts': ctrl("@Query('c') c: string", 'return this.appService.launch(c);'), 'app.service.ts': service };
    expect(rulesAt(files)).toEqual(['js.injection.command-taint@app.service.ts:7']);
  });

  it("a callback the service creates (a Promise executor) runs with the caller's input", () => {
    const promised = service.replace("    const [program, ...args] = command.split(' ');\n    return spawn(program, args);", "    return new Promise((resolve) => {\n      const [program, ...args] = command.split(' ');\n      resolve(spawn(program, args));\n    });");
    const files = { 'app.controller.ts': ctrl("@Query('c') c: string", 'return this.appService.launch(c);'), 'app.service.ts': promised };
    expect(rulesAt(files)).toEqual(['js.injection.command-taint@app.service.ts:8']);
  });
});
