// False-alarm classes seen on real, well-kept projects (issue: findings an investor can trust). Each case is the
// minimal code that was flagged and must not be, beside the nearest truly vulnerable code that still is.
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
  const dir = mkdtempSync(join(tmpdir(), 'duescan-fa-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return runTaint(makeTestContext(dir), { packs: new Set(PACK_ORDER), crossFile: true });
}

function rules(files: Record<string, string>): string[] {
  return findings(files).map((f) => `${f.ruleId}:${f.location.startLine}`);
}

const express = (body: string) => `const express = require('express');\nconst app = express();\napp.get('/x', (req, res) => {\n${body}\n});\n`;
const koa = (body: string) => `const Koa = require('koa');\nconst app = new Koa();\napp.use(async (ctx) => {\n${body}\n});\n`;
const flask = (body: string, imports = '') => `from flask import Flask, request, redirect, send_file, Response\n${imports}\napp = Flask(__name__)\n\n@app.route('/x')\ndef view():\n${body.replace(/^/gm, '    ')}\n`;

describe('responses that are not HTML are not XSS', () => {
  it("a redirect's body (3xx with a Location header) is never shown; the same body with a 200 is", () => {
    const server = "const http = require('http');\nhttp.createServer((req, res) => {\n  const to = new URL(req.url, 'http://x').searchParams.get('next');\n  if (req.url.startsWith('/a')) {\n    res.writeHead(302, { Location: to });\n    res.end('<a href=' + to + '>' + to + '</a>');\n  } else {\n    res.writeHead(200, { 'Content-Type': 'text/html' });\n    res.end('<a href=' + to + '>' + to + '</a>');\n  }\n}).listen(3000);\n";
    expect(rules({ 'a.js': server }).filter((r) => r.includes('xss'))).toEqual(['js.xss.reflected-taint:9']);
  });

  it('Express: a response declared JSON, text or event-stream', () => {
    expect(rules({ 'a.js': express("res.type('json');\nres.send(req.query.q);") })).toEqual([]);
    expect(rules({ 'a.js': express("res.set('Content-Type', 'text/plain');\nres.send(req.query.q);") })).toEqual([]);
    expect(rules({ 'a.js': express("res.writeHead(200, { 'Content-Type': 'text/event-stream' });\nres.write('data: ' + JSON.stringify(req.query.q));") })).toEqual([]);
    expect(rules({ 'a.js': express("res.setHeader('content-type', 'application/json');\nres.end(req.query.q);") })).toEqual([]);
  });

  it('Express: still XSS without a declared type, with an HTML type, or when only one branch declares JSON', () => {
    expect(rules({ 'a.js': express('res.send(req.query.q);') })).toEqual(['js.xss.reflected-taint:4']);
    expect(rules({ 'a.js': express("res.type('html');\nres.send(req.query.q);") })).toEqual(['js.xss.reflected-taint:5']);
    expect(rules({ 'a.js': express("if (req.query.j) res.type('json');\nres.send(req.query.q);") })).toEqual(['js.xss.reflected-taint:5']);
  });

  it('Koa: an object body is JSON and a string body not starting with < is text/plain', () => {
    expect(rules({ 'a.js': koa('ctx.body = { name: ctx.query.name };') })).toEqual([]);
    expect(rules({ 'a.js': koa("ctx.body = 'Hello ' + ctx.query.name;") })).toEqual([]);
    expect(rules({ 'a.js': koa("ctx.type = 'json';\nctx.body = ctx.query.name;") })).toEqual([]);
  });

  it('Koa: a body that starts with markup or with the input itself is HTML', () => {
    expect(rules({ 'a.js': koa("ctx.body = '<p>' + ctx.query.name;") })).toEqual(['js.xss.reflected-taint:4']);
    expect(rules({ 'a.js': koa('ctx.body = ctx.query.name;') })).toEqual(['js.xss.reflected-taint:4']);
  });

  it('Flask/Django: a response declared with a non-HTML type', () => {
    expect(rules({ 'a.py': flask("return Response(request.args['q'], mimetype='text/plain')") })).toEqual([]);
    expect(rules({ 'a.py': flask("return request.args['q'], 200, {'Content-Type': 'application/json'}") })).toEqual([]);
    expect(rules({ 'a.py': flask("return Response(request.args['q'])") })).toEqual(['py.xss.reflected-taint:7']);
    expect(rules({ 'a.py': flask("return Response(request.args['q'], mimetype='text/html')") })).toEqual(['py.xss.reflected-taint:7']);
  });
});

describe('redirects and requests pinned by a constant prefix', () => {
  it('a redirect to a fixed path or host is not an open redirect; / + input still is', () => {
    expect(rules({ 'a.py': flask("return redirect('/users/' + request.args['id'])") })).toEqual([]);
    expect(rules({ 'a.py': flask("return redirect(f\"https://example.com/{request.args['p']}\")") })).toEqual([]);
    expect(rules({ 'a.js': express("res.redirect(`/items/${req.query.id}`);") })).toEqual([]);
    expect(rules({ 'a.py': flask("return redirect('/' + request.args['next'])") })).toEqual(['py.ssrf-redirect.open-redirect-taint:7']);
    expect(rules({ 'a.py': flask("return redirect(request.args['next'])") })).toEqual(['py.ssrf-redirect.open-redirect-taint:7']);
    expect(rules({ 'a.py': flask("return redirect('https://example.com' + request.args['p'])") })).toEqual(['py.ssrf-redirect.open-redirect-taint:7']);
  });

  it('a request to a fixed host is not SSRF; a host chosen by the input is', () => {
    expect(rules({ 'a.py': flask("requests.get('https://api.example.com/v1/' + request.args['id'])\nreturn 'ok'", 'import requests') })).toEqual([]);
    expect(rules({ 'a.py': flask("requests.get('https://' + request.args['host'] + '/v1')\nreturn 'ok'", 'import requests') })).toEqual(['py.ssrf-redirect.ssrf-taint:7']);
  });
});

describe('sanitizers and file objects', () => {
  it('werkzeug/flask safe_join keeps a path inside its base; os.path.join does not', () => {
    expect(rules({ 'a.py': flask("return send_file(safe_join('/srv/files', request.args['f']))", 'from werkzeug.utils import safe_join') })).toEqual([]);
    expect(rules({ 'a.py': flask("return send_file(os.path.join('/srv/files', request.args['f']))", 'import os') })).toEqual(['py.path-file.traversal-taint:7']);
  });

  it('send_file of an in-memory file object sends bytes, it reads no path', () => {
    expect(rules({ 'a.py': flask("return send_file(io.BytesIO(request.args['d'].encode()), mimetype='text/plain')", 'import io') })).toEqual([]);
    expect(rules({ 'a.py': flask("return send_file(request.args['d'])") })).toEqual(['py.path-file.traversal-taint:7']);
  });

  it('a file object is not a path: what open() returned, an upload stream, a helper dispatching on isinstance', () => {
    const helper = 'import io, os, zipfile\ndef load(f):\n    if isinstance(f, (str, os.PathLike)):\n        with open(f) as fh:\n            return fh.read()\n    return zipfile.ZipFile(f).namelist()';
    expect(rules({ 'a.py': flask("f = open(os.path.join('/tmp', request.args['p']), 'rb')\nzipfile.ZipFile(f)\nreturn 'x'", 'import os, zipfile') })).toEqual(['py.path-file.traversal-taint:7']);
    expect(rules({ 'a.py': flask("load(request.files['f'].stream)\nreturn 'x'", helper) })).toEqual([]);
    // the same helper given a chosen path opens it (and ZipFile opens it too)
    expect(rules({ 'a.py': flask("load(request.args['p'])\nreturn 'x'", helper) })).toEqual(['py.path-file.traversal-taint:5', 'py.path-file.traversal-taint:7']);
  });

  it('a helper that returns True only for an allowed host validates the URL for requests, not for other sinks', () => {
    const util = "from urllib.parse import urlparse\nimport config\ndef validate_api_url(url):\n    if not url:\n        return False\n    h = urlparse(url).hostname\n    for allowed in config.ALLOWED_HOSTS:\n        if allowed != h:\n            continue\n        return True\n    return False\n";
    const view = (sinks: string) => flask(`u = request.args.get('u', '')\nif u and not validate_api_url(u):\n    return 'no'\n${sinks}\nreturn 'x'`, 'import os, requests\nfrom util import validate_api_url');
    expect(rules({ 'util.py': util, 'a.py': view("requests.get(u + '/models')") })).toEqual([]);
    expect(rules({ 'util.py': util, 'a.py': view("os.system('curl ' + u)") })).toEqual(['py.injection.command-taint:11']);
    expect(rules({ 'util.py': util.replace('if allowed != h:', 'if allowed == "x":'), 'a.py': view("requests.get(u + '/models')") })).toEqual(['py.ssrf-redirect.ssrf-taint:11']);
  });

  it('TypeScript: a helper declared to return a boolean or an object sends no page; one returning string still does', () => {
    const helper = (type: string, body: string) => `export const lookup = async (id: string)${type} => {\n  ${body}\n};\n`;
    const route = "import express from 'express';\nimport { lookup } from './helper';\nconst app = express();\napp.get('/x/:id', async (req, res) => {\n  const out = await lookup(req.params.id);\n  res.send(out);\n});\n";
    expect(rules({ 'a.ts': route, 'helper.ts': helper(': Promise<boolean>', 'return maybe(id);') })).toEqual([]);
    expect(rules({ 'a.ts': route, 'helper.ts': helper(': Promise<string[] | null>', 'return [id];') })).toEqual([]);
    expect(rules({ 'a.ts': route, 'helper.ts': helper(': Promise<string>', "return 'browser ' + id;") })).toEqual(['js.xss.reflected-taint:6']);
  });

  it("a DB driver's escape_string keeps a value inside its quoted SQL literal; the raw value is still injection", () => {
    const q = (v: string) => `cur = pymysql.connect().cursor()\ncur.execute("SELECT * FROM t WHERE a = '%s'" % ${v})\nreturn 'ok'`;
    expect(rules({ 'a.py': flask(q("pymysql.escape_string(request.args['a'])"), 'import pymysql') })).toEqual([]);
    expect(rules({ 'a.py': flask(q("db.escape_string(request.args['a'])"), 'import pymysql\nfrom .db import db') })).toEqual([]);
    expect(rules({ 'a.py': flask(q("request.args['a']"), 'import pymysql') })).toEqual(['py.injection.sql-taint:8']);
  });

  it('URL sanitizer helpers by name protect redirects; a helper named for something else does not', () => {
    expect(rules({ 'a.py': flask("return redirect(sanitize_url(request.args['next']))", 'from .util import sanitize_url') })).toEqual([]);
    expect(rules({ 'a.js': express('res.redirect(sanitizeUrl(req.query.next));') })).toEqual([]);
    expect(rules({ 'a.py': flask("return redirect(normalize(request.args['next']))", 'from .util import normalize') })).toEqual(['py.ssrf-redirect.open-redirect-taint:7']);
  });

  it('a project helper named like a sanitizer whose body only hands back its parameters checks nothing; one that checks is trusted', () => {
    const helper = (body: string) => `function safeRedirect(target, fallback = '/home') {\n${body}\n}\nmodule.exports = { safeRedirect };\n`;
    const route = "const { safeRedirect } = require('./redirect');\n" + express("res.redirect(safeRedirect(req.query.next, '/home'));");
    expect(rules({ 'a.js': route, 'redirect.js': helper('  return target || fallback;') })).toEqual(['js.ssrf-redirect.open-redirect-taint:5']);
    expect(rules({ 'a.js': route, 'redirect.js': helper("  if (!target || !target.startsWith('/') || target.startsWith('//')) return fallback;\n  return target;") })).toEqual([]);
  });
});

describe('SQLAlchemy statements, safe-URL checks and HTML cleaners', () => {
  const sa = (body: string) => flask(body, 'from sqlalchemy import select, text\nfrom .db import session\nfrom .models import User');
  it('a SQLAlchemy select/where binds its values; text() of request data is still injection', () => {
    expect(rules({ 'a.py': sa("return str(session.execute(select(User).where(User.name == request.args['n']).limit(5)).all())") })).toEqual([]);
    expect(rules({ 'a.py': sa("return str(session.execute(select(User).filter_by(name=request.args['n'])).all())") })).toEqual([]);
    expect(rules({ 'a.py': sa("return str(session.execute(text('SELECT * FROM u WHERE n = ' + request.args['n'])).all())") })).toEqual(['py.injection.sql-taint:9']);
    expect(rules({ 'a.py': sa("return str(session.execute('SELECT * FROM u WHERE n = ' + request.args['n']).all())") })).toEqual(['py.injection.sql-taint:9']);
  });

  it('a redirect guarded by url_has_allowed_host_and_scheme or an is_safe_url helper is not open', () => {
    const guarded = "nxt = request.args['next']\nif url_has_allowed_host_and_scheme(nxt, allowed_hosts={'example.com'}):\n    return redirect(nxt)\nreturn redirect('/')";
    expect(rules({ 'a.py': flask(guarded, 'from django.utils.http import url_has_allowed_host_and_scheme') })).toEqual([]);
    expect(rules({ 'a.py': flask("nxt = request.args['next']\nif is_safe_url(nxt):\n    return redirect(nxt)\nreturn redirect('/')", 'from .util import is_safe_url') })).toEqual([]);
    expect(rules({ 'a.py': flask("nxt = request.args['next']\nif nxt:\n    return redirect(nxt)\nreturn redirect('/')") })).toEqual(['py.ssrf-redirect.open-redirect-taint:9']);
  });

  it('url_for output and nh3/bleach-cleaned HTML are safe; raw request HTML is not', () => {
    expect(rules({ 'a.py': flask("return redirect(url_for('show', next=request.args['n']))", 'from flask import url_for') })).toEqual([]);
    expect(rules({ 'a.py': flask("return Response(nh3.clean(request.form['html']))", 'import nh3') })).toEqual([]);
    expect(rules({ 'a.py': flask("return Response(request.form['html'])") })).toEqual(['py.xss.reflected-taint:7']);
  });

  it('HttpResponse with any declared non-HTML type (even a bare "text") is not XSS; SVG is', () => {
    const dj = (ct: string) => `from django.http import HttpResponse\n\ndef view(request):\n    return HttpResponse(request.GET['q'], content_type='${ct}')\n`;
    expect(rules({ 'views.py': dj('text') })).toEqual([]);
    expect(rules({ 'views.py': dj('text/yaml') })).toEqual([]);
    expect(rules({ 'views.py': dj('image/svg+xml') })).toEqual(['py.xss.reflected-taint:4']);
  });
});

describe('callbacks, project helpers, containment checks and typed parameters', () => {
  it('setTimeout of a function reference is not code evaluation; of a request string it is', () => {
    expect(rules({ 'a.js': express('const abort = makeAbort(req.url);\nsetTimeout(abort, 5000);\nres.end();') })).toEqual([]);
    expect(rules({ 'a.js': express("setTimeout('run(' + req.query.x + ')', 10);\nres.end();") })).toEqual(['js.injection.code-taint:4']);
  });

  it("a project module's query() is not a database driver", () => {
    const files = {
      'helpers.js': "exports.query = async (q) => fetch('https://webfinger.example/?resource=' + encodeURIComponent(q));\n",
      'a.js': express("const helpers = require('./helpers');\nhelpers.query(req.query.id).then(() => res.end());"),
    };
    expect(rules(files)).toEqual([]);
    expect(rules({ 'a.js': express("const db = require('pg').pool;\ndb.query('SELECT * FROM t WHERE id = ' + req.query.id);\nres.end();") })).toEqual(['js.injection.sql-taint:5']);
  });

  it('a path proven inside its root by a containment check is safe', () => {
    const guarded = "const p = path.join(ROOT, req.query.f);\nif (!isPathInside(p, ROOT)) return res.sendStatus(403);\nfs.readFile(p, () => res.end());";
    expect(rules({ 'a.js': express(`const fs = require('fs');\nconst path = require('path');\n${guarded}`) })).toEqual([]);
    expect(rules({ 'a.js': express("const fs = require('fs');\nconst path = require('path');\nconst p = path.join(ROOT, req.query.f);\nfs.readFile(p, () => res.end());") })).toEqual(['js.path-file.traversal-taint:7']);
  });

  it('FastAPI parameters typed UUID or int carry no text; str parameters do', () => {
    const api = (t: string) => `from fastapi import FastAPI\nimport shutil\napp = FastAPI()\n\n@app.delete('/items/{item_id:path}')\ndef delete(item_id: ${t}):\n    shutil.rmtree('/data/' + str(item_id))\n`;
    expect(rules({ 'a.py': api('UUID4') })).toEqual([]);
    expect(rules({ 'a.py': api('int') })).toEqual([]);
    expect(rules({ 'a.py': api('str') })).toEqual(['py.path-file.traversal-taint:7']);
  });

  it("Flask's render_template output is autoescaped HTML", () => {
    expect(rules({ 'a.py': flask("return render_template('page.html', token=request.args['t'])", 'from flask import render_template') })).toEqual([]);
  });
});

describe('guards that end a branch and escapers by import style', () => {
  it('Flask abort() ends the branch: a value proven equal to a server-computed one is clean', () => {
    const guarded = "path = request.args['p']\nif path != compute_mac() + '.png':\n    abort(404)\nreturn send_file(path)";
    expect(rules({ 'a.py': flask(guarded, 'from flask import abort\nfrom .share import compute_mac') })).toEqual([]);
    const unguarded = "path = request.args['p']\nif path != compute_mac() + '.png':\n    log(path)\nreturn send_file(path)";
    expect(rules({ 'a.py': flask(unguarded, 'from .share import compute_mac, log') })).toEqual(['py.path-file.traversal-taint:10']);
  });

  it('escape-html as a default import and a named pattern constant guard', () => {
    const koaApp = (body: string) => `import Koa from 'koa';\nimport escape from 'escape-html';\nconst app = new Koa();\napp.use(async (ctx) => {\n${body}\n});\n`;
    expect(rules({ 'a.ts': koaApp('  const url = escape(String(ctx.query.url));\n  ctx.body = `<a href="${url}">x</a>`;') })).toEqual([]);
    expect(rules({ 'a.ts': koaApp('  const url = String(ctx.query.url);\n  ctx.body = `<a href="${url}">x</a>`;') })).toEqual(['js.xss.reflected-taint:6']);
    const pat = (guard: string) => `const express = require('express');\nconst fs = require('fs');\nconst { NAME_PATTERN } = require('./constants');\nconst app = express();\napp.get('/t', (req, res) => {\n  const name = req.query.name;\n${guard}\n  fs.readFile('/themes/' + name, () => res.end());\n});\n`;
    expect(rules({ 'a.js': pat("  if (!NAME_PATTERN.test(name)) throw new Error('bad name');") })).toEqual([]);
    expect(rules({ 'a.js': pat('  console.log(name);') })).toEqual(['js.path-file.traversal-taint:8']);
  });
});

describe('project modules reached through a folder index', () => {
  it("a query() two properties below a relative require is the project's code, not a driver", () => {
    const files = {
      'src/controllers/a.js': "const express = require('express');\nconst ap = require('../activity');\nconst app = express();\napp.get('/x', async (req, res) => {\n  await ap.helpers.query(req.query.h);\n  res.end();\n});\n",
    };
    expect(rules(files)).toEqual([]);
  });
});

describe('markdown renderers', () => {
  const md = (escape: string) => `import mistune\nfrom flask import Flask, request\nfrom markupsafe import Markup\napp = Flask(__name__)\nmd = mistune.create_markdown(escape=${escape})\n\n@app.route('/p')\ndef p():\n    return Markup(md(request.args['t']))\n`;
  it('mistune with escape=True escapes raw HTML; with escape=False it does not', () => {
    expect(rules({ 'a.py': md('True') })).toEqual([]);
    expect(rules({ 'a.py': md('False') })).toEqual(['py.xss.reflected-taint:9']);
  });
});

describe('serialized element trees', () => {
  it('an SVG built with svgwrite and serialized escapes its text; raw SVG markup does not', () => {
    const view = (body: string) => `import svgwrite\nfrom django.http import HttpResponse\n\ndef view(request):\n${body}\n`;
    expect(rules({ 'views.py': view("    d = svgwrite.Drawing()\n    d.add(d.text(request.GET['label']))\n    return HttpResponse(d.tostring(), content_type='image/svg+xml')") })).toEqual([]);
    expect(rules({ 'views.py': view("    svg = '<svg><text>' + request.GET['label'] + '</text></svg>'\n    return HttpResponse(svg, content_type='image/svg+xml')") })).toEqual(['py.xss.reflected-taint:6']);
  });
});

describe('comprehensions', () => {
  it('a sanitizer inside a generator element is seen; an element that is the tainted variable stays tainted', () => {
    const gen = "for p in (safe_join('/srv', t, request.args['f']) for t in ('a', request.args['theme'])):\n    if p is None:\n        abort(404)\n    return send_file(p)\nreturn 'none'";
    expect(rules({ 'a.py': flask(gen, 'from werkzeug.utils import safe_join\nfrom flask import abort') })).toEqual([]);
    const raw = "names = [n.strip() for n in request.args.getlist('f')]\nreturn send_file(names[0])";
    expect(rules({ 'a.py': flask(raw) })).toEqual(['py.path-file.traversal-taint:8']);
  });
});

describe('guards on attribute paths', () => {
  const theme = (guard: string) =>
    `const express = require('express');\nconst path = require('path');\nconst fs = require('fs');\nconst { NAME_PATTERN } = require('./constants');\nconst app = express();\napp.get('/t/:theme', (req, res) => {\n${guard}\n  fs.readFile(path.join('/themes', req.params.theme), () => res.end());\n});\n`;
  it('a pattern test of req.params.x that ends the branch proves that path; the same read unguarded is traversal', () => {
    expect(rules({ 'a.js': theme("  if (!NAME_PATTERN.test(req.params.theme)) throw new Error('bad theme');") })).toEqual([]);
    expect(rules({ 'a.js': theme('  console.log(req.params.theme);') })).toEqual(['js.path-file.traversal-taint:8']);
  });
  it('the proof covers only the tested path, only on the branch that tested it, and not after the path is reassigned', () => {
    expect(rules({ 'a.js': theme("  if (!NAME_PATTERN.test(req.params.other)) throw new Error('bad');") })).toEqual(['js.path-file.traversal-taint:8']);
    expect(rules({ 'a.js': theme("  if (req.query.strict && !NAME_PATTERN.test(req.params.theme)) throw new Error('bad');") })).toEqual(['js.path-file.traversal-taint:8']);
    expect(rules({ 'a.js': theme("  if (!NAME_PATTERN.test(req.params.theme)) throw new Error('bad');\n  req.params.theme = req.query.t;") })).toEqual(['js.path-file.traversal-taint:9']);
  });
  it('Python: a membership test of request.form[...] against a constant set proves that path only', () => {
    const view = (guard: string) => `from flask import Flask, request, send_file\nALLOWED = {'a.txt', 'b.txt'}\napp = Flask(__name__)\n\n@app.route('/f', methods=['POST'])\ndef f():\n${guard}\n    return send_file('/srv/' + request.form['name'])\n`;
    expect(rules({ 'a.py': view("    if request.form['name'] not in ALLOWED:\n        return 'no', 400") })).toEqual([]);
    expect(rules({ 'a.py': view("    if request.form['other'] not in ALLOWED:\n        return 'no', 400") })).toEqual(['py.path-file.traversal-taint:9']);
  });
});

describe('helpers that validate their argument by raising', () => {
  const upload = (helper: string, call: string) =>
    `import os\nfrom flask import Flask, request\napp = Flask(__name__)\n\n${helper}\n\n@app.route('/u', methods=['POST'])\ndef u():\n    filename = request.form['name']\n    ${call}\n    with open(os.path.join('/srv/uploads', filename), 'wb') as fp:\n        fp.write(b'x')\n    return 'ok'\n`;
  const raising = "def _validate_filename(name):\n    if '/' in name or '\\\\' in name:\n        raise ValueError('no separators')";
  it('a helper that raises unless the name has no separator validates the caller variable', () => {
    expect(rules({ 'a.py': upload(raising, '_validate_filename(filename)') })).toEqual([]);
  });
  it('not when the helper only logs, checks one separator on one branch, or reassigns its own copy', () => {
    const logs = "def _validate_filename(name):\n    if '/' in name:\n        print('odd name')";
    expect(rules({ 'a.py': upload(logs, '_validate_filename(filename)') })).toEqual(['py.path-file.traversal-taint:13']);
    const partial = "def _validate_filename(name, strict):\n    if strict:\n        if '/' in name:\n            raise ValueError('no')";
    expect(rules({ 'a.py': upload(partial, '_validate_filename(filename, request.form.get("s"))') })).toEqual(['py.path-file.traversal-taint:14']);
    const copy = "def _validate_filename(name):\n    name = os.path.basename(name)\n    return name";
    expect(rules({ 'a.py': upload(copy, '_validate_filename(filename)') })).toEqual(['py.path-file.traversal-taint:13']);
  });
  it('JS: a helper that throws unless a pattern matches validates the argument path', () => {
    const js = (helper: string) =>
      `const express = require('express');\nconst fs = require('fs');\nconst app = express();\n${helper}\napp.get('/f/:name', (req, res) => {\n  check(req.params.name);\n  fs.readFile('/srv/' + req.params.name, () => res.end());\n});\n`;
    expect(rules({ 'a.js': js("function check(n) {\n  if (!/^[a-z]+$/.test(n)) throw new Error('bad');\n}") })).toEqual([]);
    expect(rules({ 'a.js': js("function check(n) {\n  if (!/^[a-z]+$/.test(n)) console.warn('bad');\n}") })).toEqual(['js.path-file.traversal-taint:9']);
  });
});

describe('Python imports from the source root', () => {
  const project = (helperBody: string) => ({
    'web/manage.py': 'import sys\n',
    'web/utilities/__init__.py': '',
    'web/utilities/html.py': `import nh3\n\ndef render(value):\n${helperBody}\n`,
    'web/app/__init__.py': '',
    'web/app/views.py': "from django.http import HttpResponse\nfrom utilities.html import render\n\ndef view(request):\n    return HttpResponse(render(request.GET['t']))\n",
    'web/app/urls.py': "from django.urls import path\nfrom app import views\nurlpatterns = [path('r/', views.view)]\n",
  });
  it('a package imported by its name below a folder that is not a package (Django project, src layout) is the project helper', () => {
    expect(rules(project('    return nh3.clean(value)'))).toEqual([]);
    expect(rules(project("    return '<p>' + value + '</p>'"))).toEqual(['py.xss.reflected-taint:5']);
  });
});

describe('a content type set on the response object after it is built', () => {
  it('Flask: make_response(x) then r.mimetype = text/plain is not HTML; returned as built, or set to text/html, it is', () => {
    const body = (set: string) => `r = make_response('IP: ' + request.args['ip'])\n${set}\nreturn r`;
    expect(rules({ 'a.py': flask(body("r.mimetype = 'text/plain'"), 'from flask import make_response') })).toEqual([]);
    expect(rules({ 'a.py': flask(body("r.headers['X-A'] = '1'"), 'from flask import make_response') })).toEqual(['py.xss.reflected-taint:7']);
    expect(rules({ 'a.py': flask(body("r.mimetype = 'text/html'"), 'from flask import make_response') })).toEqual(['py.xss.reflected-taint:7']);
    expect(rules({ 'a.py': flask(body("r.headers['Content-Type'] = 'text/plain'"), 'from flask import make_response') })).toEqual([]);
    expect(rules({ 'a.py': flask("t = request.args['a'] if request.args.get('a') else 'none'\nr = make_response(t)\nr.headers['Content-Type'] = 'text/plain; charset=utf-8'\nreturn r", 'from flask import make_response') })).toEqual([]);
  });
  it("Django: response['Content-Type'] set to JSON after HttpResponse(x); a response built in a helper still counts once", () => {
    const view = (body: string) => `from django.http import HttpResponse\n\n${body}\n`;
    expect(rules({ 'views.py': view("def v(request):\n    resp = HttpResponse(request.GET['q'])\n    resp['Content-Type'] = 'application/json'\n    return resp") })).toEqual([]);
    expect(rules({ 'views.py': view("def build(text):\n    return HttpResponse('<p>' + text)\n\ndef v(request):\n    return build(request.GET['q'])") })).toEqual(['py.xss.reflected-taint:4']);
  });
});

describe('results of methods of unknown objects returned from a route', () => {
  it('a provider chosen at run time returns its own response; text built from the input is still HTML', () => {
    const imports = 'from .uploads import get_uploader';
    expect(rules({ 'a.py': flask("uploader = get_uploader()\nreturn uploader.download(request.args['f'])", imports) })).toEqual([]);
    expect(rules({ 'a.py': flask("uploader = get_uploader()\nreturn '<p>' + uploader.describe(request.args['f'])", imports) })).toEqual(['py.xss.reflected-taint:8']);
    expect(rules({ 'a.py': flask("return '<b>' + request.args['f'].strip()") })).toEqual(['py.xss.reflected-taint:7']);
  });
});

describe('imports through tsconfig path aliases', () => {
  it('a helper imported as @server/... is the project function: its escaping is seen, its raw output is XSS', () => {
    const project = (helper: string) => ({
      'tsconfig.json': '{ "compilerOptions": { "paths": { "@server/*": ["./server/*"] } } }',
      'server/utils/html.ts': `import escapeHtml from 'escape-html';\nexport function title(t: string) {\n  return ${helper};\n}\n`,
      'server/app.ts': "import Koa from 'koa';\nimport { title } from '@server/utils/html';\nconst app = new Koa();\napp.use(async (ctx) => {\n  ctx.body = '<h1>' + title(ctx.query.t as string) + '</h1>';\n});\n",
    });
    expect(rules(project('escapeHtml(t)'))).toEqual([]);
    expect(rules(project("'<b>' + t"))).toEqual(['js.xss.reflected-taint:5']);
  });
});

describe('a parameter named request that is not a web request', () => {
  const client = (sig: string, imports = "import axios from 'axios';") => `${imports}\nexport async function execute(${sig}) {\n  return axios({ url: request.url, method: 'GET' });\n}\n`;
  it("an HTTP client's own typed request object (the request it sends) is not input", () => {
    expect(rules({ 'relay.ts': client('request: RelayRequest') })).toEqual([]);
  });
  it('untyped, typed as the framework request, or a custom type in a server module or beside res, it is input', () => {
    expect(rules({ 'relay.js': client('request') })).toEqual(['js.ssrf-redirect.ssrf-taint:3']);
    expect(rules({ 'relay.ts': client('request: Request') })).toEqual(['js.ssrf-redirect.ssrf-taint:3']);
    expect(rules({ 'relay.ts': client('request: AuthedRequest, res: Response') })).toEqual(['js.ssrf-redirect.ssrf-taint:3']);
    expect(rules({ 'relay.ts': client('request: AuthedRequest', "import axios from 'axios';\nimport express from 'express';") })).toEqual(['js.ssrf-redirect.ssrf-taint:4']);
  });
});

describe('getattr with a name from the request', () => {
  it('picks a column object for a SQLAlchemy order_by, not SQL text; the name formatted into SQL text is injection', () => {
    const view = (body: string) => `from flask import Flask, request\nfrom sqlalchemy import select, text\nfrom .models import Item, db\napp = Flask(__name__)\n\n@app.route('/items')\ndef items():\n${body}\n`;
    expect(rules({ 'a.py': view("    col = getattr(Item, request.args['sort'])\n    stmt = select(Item.id).order_by(col.desc())\n    return str(db.session.execute(stmt).all())") })).toEqual([]);
    expect(rules({ 'a.py': view("    stmt = text('SELECT id FROM item ORDER BY ' + request.args['sort'])\n    return str(db.session.execute(stmt).all())") })).toEqual(['py.injection.sql-taint:8', 'py.injection.sql-taint:9']);
  });
});

describe('module globals defined after a top-level if or try', () => {
  it('a helper defined after `if TYPE_CHECKING:` / `try: import` is the project function, not an unknown call', () => {
    const mod = (helperBody: string) =>
      `from typing import TYPE_CHECKING\nfrom flask import Flask, request\nfrom sqlalchemy import select, text\nfrom .models import Item, db\nif TYPE_CHECKING:\n    from uuid import UUID\ntry:\n    import ujson as json\nexcept ImportError:\n    import json\napp = Flask(__name__)\n\ndef build(params):\n    return ${helperBody}\n\n@app.route('/i')\ndef items():\n    return str(db.session.execute(build(request.args)).all())\n`;
    expect(rules({ 'a.py': mod("select(Item.id).where(Item.kind == params['k'])") })).toEqual([]);
    expect(rules({ 'a.py': mod("text('SELECT id FROM item WHERE kind = ' + params['k'])") })).toEqual(['py.injection.sql-taint:14', 'py.injection.sql-taint:18']);
  });
});

describe('rows read with a bound SQLAlchemy statement', () => {
  it('the row looked up by a request value is stored data: its own id in a path is not traversal; the value itself is', () => {
    const view = (use: string) => `from flask import Flask, request, send_file\nfrom sqlalchemy import select\nfrom .models import Recipe, db\napp = Flask(__name__)\n\n@app.route('/r/<path:slug>/image')\ndef image(slug):\n    row = db.session.execute(select(Recipe).where(Recipe.slug == slug)).scalars().one()\n    return send_file('/data/' + ${use})\n`;
    expect(rules({ 'a.py': view('str(row.id)') })).toEqual([]);
    expect(rules({ 'a.py': view('slug') })).toEqual(['py.path-file.traversal-taint:9']);
  });
});

describe('HTTP clients whose transport guards the destination', () => {
  it('httpx.AsyncClient(transport=SafeTransport()) is not SSRF; a plain client is', () => {
    const view = (client: string) => `import httpx\nfrom fastapi import FastAPI\nfrom .safehttp import AsyncSafeTransport\napp = FastAPI()\n\n@app.get('/fetch')\nasync def fetch(url: str):\n    async with ${client} as client:\n        r = await client.get(url)\n    return {'n': len(r.content)}\n`;
    expect(rules({ 'a.py': view('httpx.AsyncClient(transport=AsyncSafeTransport())') })).toEqual([]);
    expect(rules({ 'a.py': view('httpx.AsyncClient()') })).toEqual(['py.ssrf-redirect.ssrf-taint:9']);
  });
});

describe('records looked up by a key through an unknown repository', () => {
  it("repo.get_one(slug) returns the stored record: its id in a path is not the slug; the slug's own text still is", () => {
    const view = (use: string) => `from fastapi import FastAPI\nfrom .deps import repos\napp = FastAPI()\n\n@app.get('/r/{slug:path}')\ndef image(slug: str):\n    recipe = repos.recipes.get_one(slug)\n    return open('/data/' + ${use}).read()\n`;
    expect(rules({ 'a.py': view('str(recipe.id)') })).toEqual([]);
    expect(rules({ 'a.py': view('repos.recipes.describe(slug)') })).toEqual(['py.path-file.traversal-taint:8']);
  });
});

describe('JavaScript records looked up by a request value', () => {
  it('a Sequelize/Prisma row found by an id from the request is stored data; the id itself in the page is XSS', () => {
    const koaApp = (use: string) => `import Koa from 'koa';\nimport { Share } from './models';\nconst app = new Koa();\napp.use(async (ctx) => {\n  const share = await Share.findOne({ where: { id: ctx.params.id } });\n  ctx.body = '<h1>' + ${use} + '</h1>';\n});\n`;
    expect(rules({ 'a.ts': koaApp('share.title') })).toEqual([]);
    expect(rules({ 'a.ts': koaApp('ctx.params.id') })).toEqual(['js.xss.reflected-taint:6']);
  });
});

describe('flows through calls the analysis cannot follow', () => {
  const blueprint = (body: string) => `import os\nfrom flask import Blueprint, request\n\ndef construct_blueprint(datastore):\n    bp = Blueprint('w', __name__)\n\n    @bp.route('/w', methods=['POST'])\n    def w():\n${body.replace(/^/gm, '        ')}\n    return bp\n`;
  it("a method of a parameter of unknown class is unproven: kept, capped at low for a file sink, with the reason in the message", () => {
    const files = { 'a.py': blueprint("new_id = datastore.add_watch(url=request.form['url'])\nreturn open(os.path.join('/data', new_id, 'w.json')).read()") };
    const found = findings(files);
    expect(found.map((f) => `${f.ruleId}:${f.severity}:${f.confidence}`)).toEqual(['py.path-file.traversal-taint:low:low']);
    expect(found[0]?.message).toMatch(/could not follow/);
  });
  it('a container lookup by a request key returns the stored value; the request value itself stays high', () => {
    expect(rules({ 'a.py': blueprint("watch = datastore.data['watching'].get(request.args['uuid'])\nreturn open(os.path.join('/data', watch.dir, 'w.json')).read()") })).toEqual([]);
    expect(rules({ 'a.py': blueprint("return open(os.path.join('/data', request.args['uuid'], 'w.json')).read()") })).toEqual(['py.path-file.traversal-taint:9']);
  });
  it('JS: req.get(header) is still input; a cache.get(url) is stored data', () => {
    expect(rules({ 'a.js': express("res.send('<p>' + req.get('X-Name'));") })).toEqual(['js.xss.reflected-taint:4']);
    expect(rules({ 'a.js': express("const c = cache.get(req.originalUrl);\nres.send('<p>' + c.data);") })).toEqual([]);
    expect(rules({ 'a.js': express("const c = memCache.getValue(req.originalUrl);\nres.send('<p>' + c.data);") })).toEqual([]);
    expect(rules({ 'a.js': express("const c = formatter.getLabel(req.originalUrl);\nres.send('<p>' + c);") })).toEqual(['js.xss.reflected-taint:5']);
  });
  it('fixed-host URLs of different hosts in a list stay pinned; one that starts with the input does not', () => {
    const loop = (second: string) => express(`const u = new URL(req.query.u);\nconst sources = [\`https://a.example.com/fav?u=\${encodeURIComponent(u.origin)}\`, ${second}];\nfor (const src of sources) fetch(src);\nres.end();`);
    expect(rules({ 'a.js': loop('`https://icons.example.net/ip3/${u.hostname}.ico`') })).toEqual([]);
    expect(rules({ 'a.js': loop('`${u.origin}/favicon.ico`') })).toEqual(['js.ssrf-redirect.ssrf-taint:6']);
  });
  it('a URL with a fixed host keeps its prefix through a one-element array loop', () => {
    expect(rules({ 'a.js': express("const u = new URL(req.query.u);\nconst sources = [`https://icons.example.com/ip3/${u.hostname}.ico`];\nfor (const src of sources) fetch(src);\nres.end();") })).toEqual([]);
  });
});

describe('library escapers and allow-list substitutions', () => {
  it("badge-maker's makeBadge escapes its SVG; the label concatenated into raw SVG is XSS", () => {
    const badge = (body: string) => `const express = require('express');\nconst { makeBadge } = require('badge-maker');\nconst app = express();\napp.get('/b', (req, res) => {\n  res.type('image/svg+xml');\n  ${body}\n});\n`;
    expect(rules({ 'a.js': badge("res.send(makeBadge({ label: req.query.label, message: 'up' }));") })).toEqual([]);
    expect(rules({ 'a.js': badge("res.send('<svg><text>' + req.query.label + '</text></svg>');") })).toEqual(['js.xss.reflected-taint:6']);
  });
  it("re.sub('[^a-z0-9_-]+', '', x) leaves an identifier; a substitution that keeps '.' and '/' does not", () => {
    expect(rules({ 'a.py': flask("group = re.sub(r'[^a-z0-9_-]+', '', request.args['g'].lower())\nreturn send_file('static/' + group + '/x.css')", 'import re') })).toEqual([]);
    expect(rules({ 'a.py': flask("group = re.sub(r'[^a-z0-9_./-]+', '', request.args['g'].lower())\nreturn send_file('static/' + group + '/x.css')", 'import re') })).toEqual(['py.path-file.traversal-taint:8']);
  });
});

describe('route variables that cannot hold a slash', () => {
  const shot = (rule: string) => `import os\nfrom flask import Flask, send_file\napp = Flask(__name__)\n\n@app.route('${rule}')\ndef shot(name):\n    return send_file(os.path.join('/data', name, 'last-screenshot.png'))\n`;
  it('Flask <name> and <string:name> are one path component; <path:name> is not', () => {
    expect(rules({ 'a.py': shot('/shot/<name>') })).toEqual([]);
    expect(rules({ 'a.py': shot('/shot/<string:name>') })).toEqual([]);
    expect(rules({ 'a.py': shot('/shot/<path:name>') })).toEqual(['py.path-file.traversal-taint:7']);
    expect(rules({ 'a.py': shot('/shot/<uuid_str:name>') })).toEqual([]);
  });
});

describe('form posts reflected by an app with CSRF protection', () => {
  it('Flask-WTF CSRFProtect: a reflected form field is self-XSS (low); a query parameter stays medium (the rule severity)', () => {
    const app = (src: string, csrf: string) => `from flask import Flask, request\n${csrf}\napp = Flask(__name__)\n\n@app.route('/t', methods=['POST'])\ndef t():\n    return f"<p>Error: {${src}} is not valid</p>"\n`;
    const run = (files: Record<string, string>) => findings(files).map((f) => `${f.ruleId}:${f.severity}`);
    expect(run({ 'a.py': app("request.form['u']", 'from flask_wtf import CSRFProtect\ncsrf = CSRFProtect()') })).toEqual(['py.xss.reflected-taint:low']);
    expect(run({ 'a.py': app("request.args['u']", 'from flask_wtf import CSRFProtect\ncsrf = CSRFProtect()') })).toEqual(['py.xss.reflected-taint:medium']);
    expect(run({ 'a.py': app("request.form['u']", '') })).toEqual(['py.xss.reflected-taint:medium']);
  });
});

describe('helper summaries shared by two routes', () => {
  it("each finding names its own route's source, not the first caller's", () => {
    const found = findings({ 'a.py': "from flask import Flask, request\napp = Flask(__name__)\n\ndef render(t):\n    return t.strip()\n\n@app.route('/a')\ndef a():\n    return '<p>' + render(request.args['q'])\n\n@app.route('/b')\ndef b():\n    return '<p>' + render(request.args['r'])\n" });
    expect(found.map((f) => `${f.location.startLine}:${f.trace?.[0]?.label}:${f.trace?.[0]?.line}`)).toEqual(['9:request.args:9', '13:request.args:13']);
  });
});

describe('held-out classes: server-chosen URL bases', () => {
  it('a URL whose base the server configured and whose path carries the input is not SSRF; a URL that is the input is', () => {
    expect(rules({ 'a.js': express('fetch(`${process.env.APP_URL}/api/revalidate?linkId=${req.query.id}`);\nres.end();') })).toEqual([]);
    expect(rules({ 'a.js': express('fetch(`${req.query.base}/api/revalidate`);\nres.end();') })).toEqual(['js.ssrf-redirect.ssrf-taint:4']);
    expect(rules({ 'a.py': flask("return requests.get(settings.reviews_url + f\"/reviews/{request.args['id']}\").text", 'import requests\nfrom .config import settings') })).toEqual([]);
  });
});

describe('pydantic field validators', () => {
  it('a body field with a @validator is checked by project code: unproven (low); an unvalidated field stays high', () => {
    const api = (field: string) => `import shutil\nfrom fastapi import FastAPI\nfrom pydantic import BaseModel, validator\napp = FastAPI()\n\nclass D(BaseModel):\n    id: str\n    other: str\n\n    @validator("id")\n    def v(cls, v):\n        assert v.isidentifier()\n        return v\n\n@app.post('/zip')\nasync def z(data: D):\n    shutil.rmtree('/srv/' + data.${field})\n`;
    const run = (text: string) => findings({ 'a.py': text }).map((f) => `${f.ruleId}:${f.severity}`);
    expect(run(api('id'))).toEqual(['py.path-file.traversal-taint:low']);
    expect(run(api('other'))).toEqual(['py.path-file.traversal-taint:high']);
  });
});

describe("requests that prove they carry the operator's secret", () => {
  it('after `token !== process.env.INTERNAL_API_KEY` returns 401 the body is the operator input (SSRF low); without the check it is high', () => {
    const api = (check: string) => `export default async function handler(req, res) {\n  const token = req.headers.authorization?.split(' ')[1];\n${check}\n  await fetch(req.body.url);\n  res.end();\n}\n`;
    const run = (text: string) => findings({ 'convert.js': text }).map((f) => `${f.ruleId}:${f.severity}`);
    expect(run(api('  if (token !== process.env.INTERNAL_API_KEY) return res.status(401).end();'))).toEqual(['js.ssrf-redirect.ssrf-taint:low']);
    expect(run(api('  if (!token) return res.status(401).end();'))).toEqual(['js.ssrf-redirect.ssrf-taint:high']);
  });
});

describe('values proven to be stored data by a search or a lookup', () => {
  const sev = (files: Record<string, string>) => findings(files).map((f) => `${f.ruleId}:${f.location.startLine}:${f.severity}`);
  const fetchLink = (check: string) =>
    flask(`link = request.args['link']\nreleases = load_releases()\n${check}\nreturn requests.get(link).text`, 'import requests\nfrom .catalog import load_releases');

  it('Python: next(r for r in rs if r.link == x) then a not-found exit proves x is one of the known links', () => {
    expect(sev({ 'a.py': fetchLink('release = next((r for r in releases if r.link == link), None)\nif not release:\n    return "not found", 404') })).toEqual([]);
    expect(sev({ 'a.py': fetchLink('release = next((r for r in releases if r.link == link), None)\nif release is None:\n    return "not found", 404') })).toEqual([]);
    expect(sev({ 'a.py': fetchLink('if not any(r.link == link for r in releases):\n    return "not found", 404') })).toEqual([]);
  });
  it('Python: without the exit, or with a filter on something else, the link is still SSRF', () => {
    expect(sev({ 'a.py': fetchLink('release = next((r for r in releases if r.link == link), None)') })).toEqual(['py.ssrf-redirect.ssrf-taint:11:high']);
    expect(sev({ 'a.py': fetchLink('release = next((r for r in releases if r.active), None)\nif not release:\n    return "not found", 404') })).toEqual(['py.ssrf-redirect.ssrf-taint:13:high']);
  });
  it('JS: rs.find((r) => r.link === x) and a not-found exit prove x; a find over request data proves nothing', () => {
    const body = (find: string) => `const links = loadLinks();\nconst link = req.query.link;\nconst hit = ${find};\nif (!hit) return res.sendStatus(404);\nfetch(link);`;
    expect(sev({ 'a.js': express(body('links.find((r) => r.url === link)')) })).toEqual([]);
    expect(sev({ 'a.js': express(body('req.body.links.find((r) => r.url === link)')) })).toEqual(['js.ssrf-redirect.ssrf-taint:8:high']);
  });
  it('a key that matched a stored row before the SQL is capped (low, low confidence, reason given); without the check it stays critical', () => {
    const drop = (check: string) =>
      flask(`ext = request.args['ext']\nrow = db.fetchone("SELECT * FROM versions WHERE id = :id", {"id": ext})\n${check}db.execute(f"DROP SCHEMA {ext} CASCADE")\nreturn "ok"`, 'from .database import db');
    expect(sev({ 'a.py': drop('if not row:\n    return "unknown", 404\n') })).toEqual(['py.injection.sql-taint:11:low']);
    expect(sev({ 'a.py': drop('') })).toEqual(['py.injection.sql-taint:9:critical']);
    const [f] = findings({ 'a.py': drop('if not row:\n    return "unknown", 404\n') });
    expect(f?.confidence).toBe('low');
    expect(f?.message).toMatch(/match a stored record/);
  });
  it('JS: a Prisma findUnique by the key and a 404 caps the flow; the lookup result itself is not the key', () => {
    const body = (check: string) => `const name = req.params.name;\nconst doc = await prisma.doc.findUnique({ where: { name } });\n${check}require('fs').readFileSync('/docs/' + name);\nres.end();`;
    expect(sev({ 'a.js': express(body('if (!doc) return res.sendStatus(404);\n')) })).toEqual(['js.path-file.traversal-taint:7:low']);
    expect(sev({ 'a.js': express(body('')) })).toEqual(['js.path-file.traversal-taint:6:high']);
  });
});

describe('digests carry no attacker-chosen characters', () => {
  it('JS: a sha256 of the request path as a cache folder, built with update() in a loop or in a chain; the raw path is traversal', () => {
    const loop = "const h = createHash('sha256');\nfor (const item of [req.path, 'v1']) h.update(item);\nfs.rmSync(path.join('/cache', h.digest('hex')), { recursive: true });";
    const chain = "fs.rmSync(path.join('/cache', createHash('md5').update(req.path).digest('base64').replace(/\\//g, '-')), { recursive: true });";
    const head = "const { createHash } = require('crypto');\nconst fs = require('fs');\nconst path = require('path');\n";
    expect(rules({ 'a.js': head + express(loop) })).toEqual([]);
    expect(rules({ 'a.js': head + express(chain) })).toEqual([]);
    expect(rules({ 'a.js': head + express("fs.rmSync(path.join('/cache', req.path), { recursive: true });") })).toEqual(['js.path-file.traversal-taint:7']);
  });
  it('Python: hashlib object updated with the input, then hexdigest(); the input itself is traversal', () => {
    expect(rules({ 'a.py': flask("h = hashlib.sha256()\nh.update(request.args['u'].encode())\nreturn open(os.path.join('/cache', h.hexdigest())).read()", 'import hashlib, os') })).toEqual([]);
    expect(rules({ 'a.py': flask("return open(os.path.join('/cache', request.args['u'])).read()", 'import hashlib, os') })).toEqual(['py.path-file.traversal-taint:7']);
  });
});

describe('Django: template objects escape, created rows keep their fields apart', () => {
  const view = (body: string) => `from django.http import HttpResponse\nfrom django.template import loader\nfrom django.utils.safestring import mark_safe\nfrom .models import Crawl\n\ndef index(request):\n${body.replace(/^/gm, '    ')}\n`;
  it('loader.get_template/select_template(...).render(ctx) autoescapes; the path in a hand-built page is XSS', () => {
    expect(rules({ 'views.py': view("t = loader.select_template(['a.html', 'b.html'])\nreturn HttpResponse(t.render({'url': request.path}))") })).toEqual([]);
    expect(rules({ 'views.py': view("return HttpResponse(loader.get_template('a.html').render({'url': request.path}))") })).toEqual([]);
    expect(rules({ 'views.py': view("return HttpResponse('<a href=\"' + request.path + '\">zip</a>')") })).toEqual(['py.xss.reflected-taint:7']);
  });
  it('a row created with the input in one field: another attribute is the database\'s; the field itself is still XSS', () => {
    expect(rules({ 'views.py': view("crawl = Crawl.objects.create(label='web@' + request.path, n=1)\nreturn HttpResponse(mark_safe('<a href=\"' + crawl.admin_url + '\">view</a>'))") })).toEqual([]);
    expect(rules({ 'views.py': view("crawl = Crawl.objects.create(label='web@' + request.path, n=1)\nreturn HttpResponse(mark_safe('<p>' + crawl.label + '</p>'))") })).toEqual(['py.xss.reflected-taint:8']);
  });
});

describe('what a file holds is not its name', () => {
  it('Python: a file chosen by the request and sent back is path traversal at the read, not XSS; the name echoed is XSS', () => {
    const read = "p = Path('/srv/files') / request.args['f']\nreturn Response(p.read_bytes().decode())";
    expect(rules({ 'a.py': flask(read, 'from pathlib import Path') })).toEqual(['py.path-file.traversal-taint:8']);
    expect(rules({ 'a.py': flask("with open(os.path.join('/srv', request.args['f'])) as fh:\n    return Response(fh.read())", 'import os') })).toEqual(['py.path-file.traversal-taint:7']);
    expect(rules({ 'a.py': flask("return Response('<p>' + request.args['f'])") })).toEqual(['py.xss.reflected-taint:7']);
  });
  it('Python: an existence check on a chosen path reads nothing: low, with the reason; reading it stays high', () => {
    const found = findings({ 'a.py': flask("p = Path('/srv/files') / request.args['f']\nreturn 'yes' if p.is_file() else 'no'", 'import os\nfrom pathlib import Path') });
    expect(found.map((f) => `${f.ruleId}:${f.location.startLine}:${f.severity}`)).toEqual(['py.path-file.traversal-taint:9:low']);
    expect(found[0]?.message).toMatch(/exists/);
    expect(findings({ 'a.py': flask("p = Path('/srv/files') / request.args['f']\nreturn p.read_text()", 'import os\nfrom pathlib import Path') }).map((f) => f.severity)).toEqual(['high']);
  });
  it('JS: fs.readFileSync of a chosen path is traversal at the read; its content sent is not XSS', () => {
    expect(rules({ 'a.js': "const fs = require('fs');\n" + express("res.send(fs.readFileSync('/srv/' + req.query.f, 'utf8'));") })).toEqual(['js.path-file.traversal-taint:5']);
  });
});

describe('class field initializers', () => {
  const agent = (field: string, url: string) =>
    `const axios = require('axios');\nconst app = require('express')();\nclass Base {\n  constructor(s) { this.s = s; }\n}\nclass Agent extends Base {\n  ${field}\n  send() { return axios.post(${url}, {}); }\n}\napp.post('/t', (req, res) => { new Agent(req.body).send(); res.end(); });\n`;
  it('a base URL set by a field initializer pins the host; the token in its path is not SSRF', () => {
    expect(rules({ 'a.js': agent("baseUrl = 'https://api.telegram.org/';", '`${this.baseUrl}bot${this.s.token}/send`') })).toEqual([]);
  });
  it('a URL taken whole from the input still is, and so is a field the input sets', () => {
    expect(rules({ 'a.js': agent("baseUrl = 'https://api.telegram.org/';", 'this.s.url') })).toEqual(['js.ssrf-redirect.ssrf-taint:8']);
    expect(rules({ 'a.js': agent('baseUrl;', '`${this.s.base}/bot${this.s.token}`') })).toEqual(['js.ssrf-redirect.ssrf-taint:8']);
  });
});

describe('a subdomain of a fixed domain, cut from a parsed host name', () => {
  const notion = (url: string) =>
    express(`const u = new URL(req.query.url);\nconst m = u.hostname.match(/^([^.]+)\\.notion\\.site$/);\nif (!m) return res.sendStatus(400);\nfetch(${url});\nres.end();`);
  it('JS: https://${label}.notion.site/ with the label matched out of URL.hostname stays on notion.site', () => {
    expect(rules({ 'a.js': notion('`https://${m[1]}.notion.site/api/v3/page`') })).toEqual([]);
  });
  it('JS: a host name the pattern did not check, or a raw query value in the subdomain place, is still SSRF', () => {
    // (u.hostname itself matched ^[^.]+\.notion\.site$ whole: it is a notion.site host)
    expect(rules({ 'a.js': notion('`https://${u.hostname}/api`') })).toEqual([]);
    expect(rules({ 'a.js': notion('`https://${new URL(req.query.next).hostname}/api`') })).toEqual(['js.ssrf-redirect.ssrf-taint:7']);
    expect(rules({ 'a.js': notion('`https://${req.query.shop}.myshopify.com/admin`') })).toEqual(['js.ssrf-redirect.ssrf-taint:7']);
    expect(rules({ 'a.js': notion('`https://${m[1].replace("x", "/")}.notion.site/api`') })).toEqual(['js.ssrf-redirect.ssrf-taint:7']);
  });
  it('Python: urlparse(x).hostname split into a label before a fixed domain; the host itself is SSRF', () => {
    const py = (url: string) => flask(`host = urlparse(request.args['u']).hostname\nreturn requests.get(${url}).text`, 'import requests\nfrom urllib.parse import urlparse');
    expect(rules({ 'a.py': py(`f"https://{host.split('.')[0]}.notion.site/api"`) })).toEqual([]);
    expect(rules({ 'a.py': py(`f"https://{host}/api"`) })).toEqual(["py.ssrf-redirect.ssrf-taint:9"]);
  });
});

describe("an outbound request's response is the remote service's data", () => {
  it('JS: the JSON of a fixed-host API called with a query value is sent back: no XSS; the query value itself is', () => {
    const body = (send: string) => `const r = await fetch('https://api.weather.example/v1?lat=' + encodeURIComponent(req.query.lat));\nconst data = await r.json();\n${send}`;
    expect(rules({ 'a.js': express(body('res.send(data);')) })).toEqual([]);
    expect(rules({ 'a.js': express(body("res.send('<p>' + req.query.lat);")) })).toEqual(['js.xss.reflected-taint:6']);
  });
  it('Python: requests.get to a fixed host with a param, its text returned: no XSS', () => {
    expect(rules({ 'a.py': flask("r = requests.get('https://api.weather.example/v1', params={'q': request.args['q']}, timeout=5)\nreturn Response(r.text)", 'import requests') })).toEqual([]);
  });
});

describe('tuples returned by different branches keep their positions', () => {
  it('JS: [status, type, data] from the call or [500, type, {error: {url}}]: sending data is JSON or the remote data, not XSS', () => {
    const helper = "async function proxy(url) {\n  try {\n    const r = await fetch(url);\n    return [r.status, 'application/json', await r.text(), r.headers];\n  } catch (e) {\n    return [500, 'application/json', { error: { url } }];\n  }\n}\n";
    expect(rules({ 'a.js': helper + express("const [status, , data] = await proxy('https://api.example/v1?q=' + encodeURIComponent(req.query.q));\nres.send(data);") })).toEqual([]);
    // the input in the position that is sent still is
    expect(rules({ 'a.js': helper + express("const [status, , data] = [200, 'text/html', req.query.q];\nres.send(data);") })).toEqual(['js.xss.reflected-taint:13']);
  });
});

describe('a storage read by a request key returns the stored bytes', () => {
  it('JS: assetStorage.readFileToBuffer(req.path) sent back is not XSS; the path echoed is', () => {
    expect(rules({ 'a.js': express('const buf = await this.assetStorage.readFileToBuffer(req.path);\nres.send(buf);') })).toEqual([]);
    expect(rules({ 'a.js': express("res.send('<p>Not found: ' + req.path);") })).toEqual(['js.xss.reflected-taint:4']);
  });
});

describe('conditional expressions are branches', () => {
  it('Python: a name rebuilt from allowed characters ("".join(c if c.isalnum() or c in "-_." else "_" for c in n)) is no traversal', () => {
    const safe = "name = ''.join(c if c.isalnum() or c in '-_.' else '_' for c in request.args['n'])\nreturn open(os.path.join('/uploads', 'up_' + name)).read()";
    expect(rules({ 'a.py': flask(safe, 'import os') })).toEqual([]);
    const unsafe = "name = ''.join(c if c != ' ' else '_' for c in request.args['n'])\nreturn open(os.path.join('/uploads', name)).read()";
    expect(rules({ 'a.py': flask(unsafe, 'import os') })).toEqual(['py.path-file.traversal-taint:8']);
  });
});

describe('a file stored from an upload holds the upload', () => {
  it('Python: an upload saved under a server-chosen name and read back into yaml.load is still unsafe deserialization', () => {
    const body = "f = request.files['file']\nfile_path = '/srv/files/' + secure_filename(f.filename)\nf.save(file_path)\nwith open(file_path) as fh:\n    data = yaml.load(fh.read())\nreturn 'ok'";
    expect(rules({ 'a.py': flask(body, 'import yaml\nfrom werkzeug.utils import secure_filename') })).toEqual(['py.deserialization.unsafe-taint:12']);
  });
});

describe("an upload's extension from os.path.splitext holds no separator", () => {
  it('Python: name sanitised character by character, extension from splitext: no traversal; the raw name is', () => {
    const helper = "def clean(ch):\n    if (ch.isascii() and ch.isalnum()) or ch in ('-', '_', '.'):\n        return ch\n    return '_'\n";
    const body = (use: string) => flask(`name, extension = os.path.splitext(request.files['f'].filename)\nsafe = ''.join(clean(c) for c in name)\nreturn open(os.path.join('/assets', ${use})).read()`, `import os\n${helper}`);
    expect(rules({ 'a.py': body("f'{safe}.{extension}'") })).toEqual([]);
    expect(rules({ 'a.py': body("f'{name}.{extension}'") })).toEqual(['py.path-file.traversal-taint:14']);
  });
});

describe('query results over server data', () => {
  it("an XPath query's nodes are the document's, not the expression's; the expression is still XPath injection", () => {
    const body = "const xpath = require('xpath');\nconst r = xpath.evaluate(\"//release[text()='\" + req.params.v + \"']\", doc, null, xpath.XPathResult.ANY_TYPE, null);\nres.send(r.iterateNext().toString());";
    expect(rules({ 'a.js': express(body) })).toEqual(['js.injection.xpath-taint:5']);
    // a document parsed from the request is the attacker's: its nodes are still input
    const own = "const xpath = require('xpath');\nconst dom = new (require('@xmldom/xmldom').DOMParser)().parseFromString(req.query.xml);\nres.send(String(xpath.select1('//name/text()', dom)));";
    expect(rules({ 'a.js': express(own) })).toEqual(['js.xss.reflected-taint:6']);
  });
});

describe('named tuples', () => {
  it('a field set by _replace or the constructor is that field only', () => {
    const head = "from collections import namedtuple\nimport os\nMeta = namedtuple('Meta', 'file_path, title')\n";
    const body = "f = request.files['f']\nmeta = Meta(file_path=os.path.join('/tmp', 'upload'), title=f.filename)\nmeta = meta._replace(title=f.filename)\nopen(meta.file_path)\nreturn open(meta.title).read()";
    expect(rules({ 'a.py': flask(body, head) })).toEqual(['py.path-file.traversal-taint:14']);
  });

  it('a record type imported from another module, its field names split over implicit concatenation', () => {
    const files = {
      'app/constants.py': "from collections import namedtuple\nMeta = namedtuple('Meta', 'file_path, '\n                       'title, cover')\n",
      'app/uploader.py': "import os\nfrom .constants import Meta\n\ndef upload(f):\n    tmp = os.path.join('/tmp', 'x')\n    return Meta(file_path=tmp, title=f.filename, cover=tmp + '.jpg')\n",
      'app/views.py': "from flask import Flask, request\nfrom . import uploader\napp = Flask(__name__)\n\n@app.route('/x', methods=['POST'])\ndef view():\n    meta = uploader.upload(request.files['f'])\n    open(meta.cover)\n    return open(meta.title).read()\n",
    };
    expect(rules(files)).toEqual(['py.path-file.traversal-taint:9']);
  });
});

describe('checks a server-side switch can skip', () => {
  const body = (test: string) => `import os\next = request.args['fmt']\nallowed = config.formats.split(',')\nif ${test}:\n    abort(400)\nreturn open(os.path.join('/books', 'x/' + ext)).read()`;
  const at = (test: string) => findings({ 'a.py': flask(body(test), 'from flask import abort') }).map((f) => `${f.ruleId}:${f.location.startLine}:${f.severity}`);

  it('an allow-list the configuration can turn off caps the flow; the plain allow-list proves it', () => {
    expect(at("ext not in allowed and '' not in allowed")).toEqual(['py.path-file.traversal-taint:12:low']);
    expect(at('config.check_ext and ext not in allowed')).toEqual(['py.path-file.traversal-taint:12:low']);
    expect(at('ext not in allowed')).toEqual([]);
  });

  it('a skip the request controls is no check at all', () => {
    expect(at("ext not in allowed and not request.args.get('force')")).toEqual(['py.path-file.traversal-taint:12:high']);
  });
});

describe('round trips, helpers by name and typed replies', () => {
  it('pickle.loads(pickle.dumps(x)) is a deep copy; pickle.loads of request bytes is not', () => {
    expect(rules({ 'a.py': flask("import pickle\ndata = {'channel': request.json['channel']}\ncopy = pickle.loads(pickle.dumps(data))\nreturn str(len(copy))") })).toEqual([]);
    expect(rules({ 'a.py': flask("import pickle\nreturn str(pickle.loads(request.data))") })).toEqual(['py.deserialization.unsafe-taint:8']);
  });

  it('a JS project helper named for sanitizing a path keeps it a path; an unrelated helper does not', () => {
    const util = "const path = require('path');\nconst root = (p) => {\n  p = path.normalize(p);\n  if (path.isAbsolute(p)) throw new Error('absolute');\n  return p;\n};\nmodule.exports = root;\n";
    const js = (fn: string) => `const fs = require('fs');\nconst ${fn} = require('./${fn}');\napp.get('/x', (req, res) => {\n  fs.readFile(${fn}(req.query.p), () => {});\n});\n`;
    expect(rules({ 'a.js': js('sanitizePathname'), 'sanitizePathname.js': util })).toEqual([]);
    expect(rules({ 'a.js': js('formatName'), 'formatName.js': util })).toEqual(['js.path-file.traversal-taint:4']);
  });

  it('a NestJS @Res() typed FastifyReply sends objects as JSON; an Express response does not', () => {
    const nest = (type: string) => `import { Controller, Post, Req, Res } from '@nestjs/common';\nimport { FastifyReply } from 'fastify';\n@Controller('a')\nexport class A {\n  @Post('x')\n  async x(@Req() req: any, @Res() res: ${type}) {\n    return res.send(req.body.name);\n  }\n}\n`;
    expect(rules({ 'a.controller.ts': nest('FastifyReply') })).toEqual([]);
    expect(rules({ 'a.controller.ts': nest('Response') })).toEqual(['js.xss.reflected-taint:7']);
  });

  it("an untyped res in a Fastify module is Fastify's reply: send() of text is not HTML, sendFile() stays under its root", () => {
    const route = (imports: string) => `${imports}\nimport fs from 'node:fs/promises';\nexport async function routes(fastify) {\n  fastify.get('/a/:file', async (req, res) => {\n    await fs.readFile('/srv/' + req.params.file);\n    res.send('<p>' + req.query.q + '</p>');\n    return res.sendFile(req.params.file, '/srv');\n  });\n}\n`;
    expect(rules({ 'a.ts': route("import type { FastifyInstance } from 'fastify';") })).toEqual(['js.path-file.traversal-taint:5']);
    expect(rules({ 'a.ts': route("import express from 'express';") })).toEqual(['js.path-file.traversal-taint:5', 'js.xss.reflected-taint:6', 'js.path-file.traversal-taint:7']);
  });
});

describe('this in arrow functions', () => {
  it("a route arrow registered in a method calls the class's own method through this", () => {
    const cls = (helper: string) => `const express = require('express');\nclass Mailbox {\n  serve(server) {\n    server.get('/item/:id', async (req, res) => {\n      const content = await this.getEmail(req.params.id);\n      res.send(content);\n    });\n  }\n  async getEmail(name) {\n    ${helper}\n  }\n}\nmodule.exports = Mailbox;\n`;
    expect(rules({ 'a.js': cls("return JSON.parse('{}');") })).toEqual([]);
    expect(rules({ 'a.js': cls("return '<p>' + name;") })).toEqual(['js.xss.reflected-taint:6']);
  });
});

describe('serialized URLs', () => {
  it('a URL object serialized (toString, href) holds no markup; the raw input does', () => {
    expect(rules({ 'a.js': express("const u = new URL(req.query.u);\nu.searchParams.set('token', '***');\nres.send(u.toString());") })).toEqual([]);
    expect(rules({ 'a.js': express("const u = new URL(req.query.u);\nres.send(u.href);") })).toEqual([]);
    expect(rules({ 'a.js': express("const u = new URL(req.query.u);\nres.send(req.query.u);") })).toEqual(['js.xss.reflected-taint:5']);
  });

  it('a URL object whose host the server then set goes to that host; a host from the input does not', () => {
    const proxy = (host: string) => express(`const u = new URL(req.query.u);\nu.protocol = 'https:';\nu.host = ${host};\nfetch(u.toString()).then(() => res.end());`);
    expect(rules({ 'a.js': proxy("'upstream.example.com'") })).toEqual([]);
    expect(rules({ 'a.js': proxy('process.env.UPSTREAM') })).toEqual([]);
    expect(rules({ 'a.js': proxy('req.query.h') })).toEqual(['js.ssrf-redirect.ssrf-taint:7']);
    expect(rules({ 'a.js': express("const u = new URL(req.query.u);\nu.pathname = '/x';\nfetch(u.toString()).then(() => res.end());") })).toEqual(['js.ssrf-redirect.ssrf-taint:6']);
  });
});

describe('downloads and normalized paths', () => {
  it('a response sent as an attachment is downloaded, not rendered', () => {
    expect(rules({ 'a.js': express("res.attachment('export.txt');\nres.send(req.query.q);") })).toEqual([]);
    expect(rules({ 'a.js': express("res.setHeader('Content-Disposition', 'attachment; filename=x');\nres.send(req.query.q);") })).toEqual([]);
    expect(rules({ 'a.js': express("res.setHeader('Content-Disposition', 'inline');\nres.send(req.query.q);") })).toEqual(['js.xss.reflected-taint:5']);
  });

  it("path.normalize then stripping leading '..' keeps a joined path inside; normalize alone does not", () => {
    const read = (expr: string) => express(`const path = require('path');\nconst fs = require('fs');\nfs.readFileSync(path.join('/data', ${expr}));`);
    expect(rules({ 'a.js': read("path.normalize(req.params.id).replace(/^(\\.\\.(\\/|\\\\|$))+/, '')") })).toEqual([]);
    expect(rules({ 'a.js': read('path.normalize(req.params.id)') })).toEqual(['js.path-file.traversal-taint:6']);
  });
});

describe('payloads only the sender can put in', () => {
  it('a request header written into the page is low; the query string beside it keeps its severity', () => {
    const sev = (body: string) => findings({ 'a.js': express(body) }).map((f) => `${f.ruleId}:${f.severity}`);
    expect(sev("res.send('<base href=\"' + req.header('x-proxy-path') + '\">');")).toEqual(['js.xss.reflected-taint:low']);
    expect(sev("res.send(req.headers['x-forwarded-prefix'] + req.query.q);")).toEqual(['js.xss.reflected-taint:medium']);
    const py = findings({ 'a.py': flask("return '<p>' + request.headers.get('X-Name', '') + '</p>'") }).map((f) => f.severity);
    expect(py).toEqual(['low']);
  });
});

describe('route bodies joined from several returns', () => {
  it('a helper returning jsonify(...) on one path and a list of dicts on another sends JSON; one HTML path is XSS', () => {
    const helper = (other: string) => `from flask import Flask, request, jsonify\napp = Flask(__name__)\n\ndef delete(ids):\n    if not ids:\n        ${other}\n    return jsonify([{'id': i} for i in ids])\n\n@app.route('/x', methods=['POST'])\ndef view():\n    return delete(request.get_json().get('ids'))\n`;
    expect(rules({ 'a.py': helper("return [{'message': 'nothing deleted', 'ids': ids}]") })).toEqual([]);
    expect(rules({ 'a.py': helper("return '<p>' + str(ids) + '</p>'") })).toEqual(['py.xss.reflected-taint:11']);
  });
});

describe('multipart uploads', () => {
  it("multer's file fields are server-chosen or basenames; a body field used as a path is not", () => {
    const up = (expr: string) => express(`const fs = require('fs');\nfs.readFileSync(${expr});`);
    expect(rules({ 'a.js': up('req.file.path') })).toEqual([]);
    expect(rules({ 'a.js': up("'uploads/' + req.file.originalname") })).toEqual([]);
    expect(rules({ 'a.js': up("'uploads/' + req.files[0].originalname") })).toEqual([]);
    expect(rules({ 'a.js': up("'uploads/' + req.body.name") })).toEqual(['js.path-file.traversal-taint:5']);
  });

  it('a response whose headers object declares a PDF is not HTML', () => {
    const body = "const buffer = Buffer.from(req.body.password || '');\ntry {\n  res.set({ 'Content-Type': 'application/pdf', 'Content-Length': buffer.length });\n  res.send(buffer);\n} catch (err) {\n  res.status(400).send('x');\n}";
    expect(rules({ 'a.js': express("res.set({ 'Content-Type': 'application/pdf' });\nres.send(req.body.x);") })).toEqual([]);
    expect(rules({ 'a.js': express("res.set({ 'Content-Type': 'application/pdf', 'Content-Length': 3 });\nres.send(req.body.x);") })).toEqual([]);
    expect(rules({ 'a.js': express("const b = Buffer.from(req.body.x);\nres.set({ 'Content-Type': 'application/pdf', 'Content-Length': b.length });\nres.send(b);") })).toEqual([]);
    expect(rules({ 'a.js': express("try {\n  res.set({ 'Content-Type': 'application/pdf' });\n  res.send(req.body.x);\n} catch (e) {}") })).toEqual([]);
    expect(rules({ 'a.js': express(body) })).toEqual([]);
  });
});

describe('GraphQL resolvers (recall)', () => {
  it("graphene mutate/resolve_* arguments after info are the client's; an Int-annotated one is not text", () => {
    const schema = "import os\nimport graphene\n\nclass Debug(graphene.ObjectType):\n    out = graphene.String()\n\n    def resolve_out(self, info, arg=None):\n        return os.popen('ps ' + arg).read()\n\n    def resolve_count(self, info, n: int = 1):\n        return os.popen('ps -n ' + str(n)).read()\n\n    def helper(self, info, arg):\n        return os.popen(arg).read()\n";
    expect(rules({ 'schema.py': schema })).toEqual(['py.injection.command-taint:8']);
  });
});

describe('GraphQL resolvers in JavaScript (recall)', () => {
  it('the args of a (parent, args, context, info) resolver are the client input', () => {
    const schema = "const fs = require('fs');\nconst resolvers = {\n  Mutation: {\n    upload: async (parent, args, context, info) => {\n      await fs.promises.writeFile('/srv/uploads/' + args.filePath, args.content);\n      return true;\n    },\n    noop: (parent, options, context) => fs.readFileSync('/srv/' + options.x),\n  },\n};\nmodule.exports = resolvers;\n";
    expect(rules({ 'schema.js': schema })).toEqual(['js.path-file.traversal-taint:5']);
  });

  it('destructured arguments of (_, { x }, ctx) and (parent, { x }, { user }) resolvers; not of any two-object callback', () => {
    const resolvers =
      "const fs = require('fs');\nmodule.exports = {\n  readFile: (_, { filename }, ctx) => fs.readFileSync('/srv/files/' + filename),\n  note: async (parent, { name }, { user }) => fs.promises.readFile('/srv/notes/' + name),\n  other: (a, { name }, b) => fs.readFileSync('/srv/' + name),\n};\n";
    expect(rules({ 'resolvers.js': resolvers })).toEqual(['js.path-file.traversal-taint:3', 'js.path-file.traversal-taint:4']);
  });
});

describe('Django uploaded files', () => {
  it("temporary_file_path() is a path the server chose; the client's own file name is not", () => {
    const view = (expr: string) => `import os\n\ndef upload(request):\n    f = request.FILES['avatar']\n    os.unlink(${expr})\n`;
    expect(rules({ 'views.py': view('f.temporary_file_path()') })).toEqual([]);
    expect(rules({ 'views.py': view("os.path.join('/tmp', request.POST['name'])") })).toEqual(['py.path-file.traversal-taint:5']);
  });
});

describe('query() that is not SQL', () => {
  it('a search engine or GraphQL client query() is not SQL; a pg pool, a db handle and a sequelize query are', () => {
    const q = (recv: string) => express(`${recv}.query('SELECT * FROM t WHERE a = ' + req.query.a);`);
    expect(rules({ 'a.js': q('WIKI.data.searchEngine') })).toEqual([]);
    expect(rules({ 'a.js': q('this.apolloClient') })).toEqual([]);
    expect(rules({ 'a.js': q('db') })).toEqual(['js.injection.sql-taint:4']);
    expect(rules({ 'a.js': q('models.sequelize') })).toEqual(['js.injection.sql-taint:4']);
    expect(rules({ 'a.js': `const { Pool } = require('pg');\nconst store = new Pool();\n` + q('store') })).toEqual(['js.injection.sql-taint:6']);
  });
});

describe('one finding per sink line', () => {
  it('the request flow into a sink wins over the environment flow a method run on its own reached first', () => {
    const code = "const fs = require('fs');\nclass Cache {\n  dir() { return process.env.CACHE_DIR; }\n  write(name) { fs.writeFileSync(this.dir() + '/' + name, 'x'); }\n}\nconst cache = new Cache();\napp.get('/x', (req, res) => {\n  cache.write(req.path);\n  res.end();\n});\n";
    expect(findings({ 'a.js': code }).map((f) => `${f.ruleId}:${f.location.startLine}:${f.severity}:${f.trace?.[0]?.label}`)).toEqual(['js.path-file.traversal-taint:4:high:req.path']);
  });
});

describe('sandboxed templates', () => {
  it("a template compiled by Jinja's SandboxedEnvironment is not template injection; a plain Environment's is", () => {
    const t = (env: string) => flask(`import jinja2.sandbox\nenv = ${env}()\nreturn env.from_string(request.args['t']).render()`);
    expect(rules({ 'a.py': t('jinja2.sandbox.ImmutableSandboxedEnvironment') })).toEqual([]);
    expect(rules({ 'a.py': t('jinja2.Environment') })).toEqual(['py.injection.template-taint:9']);
  });
});

describe('held-out round 11', () => {
  it('a Flask view parameter no route rule names comes from a decorator, not the URL; a URL variable is input', () => {
    const view = (rule: string, param: string) =>
      `from flask import Flask\nfrom .auth import login_required\napp = Flask(__name__)\n\n@app.route('${rule}')\n@login_required\ndef lookup(${param}):\n    return open('/srv/' + ${param}.split(',')[0]).read()\n`;
    expect(rules({ 'a.py': view('/lookup', 'logged_in_source') })).toEqual([]);
    expect(rules({ 'a.py': view('/lookup/<path:name>', 'name') })).toEqual(['py.path-file.traversal-taint:8']);
    // FastAPI reads a parameter that is not in the path from the query string
    const fast = "from fastapi import FastAPI\napp = FastAPI()\n\n@app.get('/lookup')\ndef lookup(name):\n    return open('/srv/' + name).read()\n";
    expect(rules({ 'a.py': fast })).toEqual(['py.path-file.traversal-taint:6']);
  });

  it("the content-disposition package's default type is attachment: a download, not a page; inline is a page", () => {
    const send = (opts: string) => `const contentDisposition = require('content-disposition');\n` + express(`res.setHeader('Content-Disposition', contentDisposition('f.html'${opts}));\nres.send(req.query.body);`);
    expect(rules({ 'a.js': send('') })).toEqual([]);
    expect(rules({ 'a.js': send(", { type: 'attachment' }") })).toEqual([]);
    expect(rules({ 'a.js': send(", { type: 'inline' }") })).toEqual(['js.xss.reflected-taint:6']);
  });

  it('a URL whose host is fixed by constants and configuration before the input is no SSRF; input in the host is', () => {
    const get = (url: string) => flask(`requests.get(${url})\nreturn 'ok'`, 'import requests\nREGION = "eu-west-1"');
    expect(rules({ 'a.py': get(`f"https://keys.{REGION}.example.com/{request.args['kid']}"`) })).toEqual([]);
    expect(rules({ 'a.py': get(`f"https://keys.{request.args['kid']}.{REGION}/x"`) })).toEqual(['py.ssrf-redirect.ssrf-taint:8']);
  });
});

describe('held-out round 12', () => {
  it("a Django project whose manage.py folder is also a package imports its apps from that folder: the helper's safe_join is seen", () => {
    const helper = (join: string) => `import os\nfrom django.utils._os import safe_join\n\ndef data_path(name):\n    return ${join}(os.environ['DATA_DIR'], 'template', name)\n`;
    const view = "from django.http import HttpResponse\nfrom common.views.template import data_path\n\ndef save(request):\n    open(data_path(request.POST['name']), 'w').write('x')\n    return HttpResponse('ok')\n";
    const project = (join: string) => ({ 'apps/__init__.py': '', 'apps/manage.py': '', 'apps/common/__init__.py': '', 'apps/common/views/__init__.py': '', 'apps/common/views/template.py': helper(join), 'apps/notes/__init__.py': '', 'apps/notes/views.py': view });
    expect(rules(project('safe_join'))).toEqual([]);
    expect(rules(project('os.path.join'))).toEqual(['py.path-file.traversal-taint:5']);
  });

  it('slugify, path.parse().name and name-based UUIDs leave no path separator; the raw value does', () => {
    const write = (expr: string, imports = '') => `const fs = require('fs');\nconst path = require('path');\n${imports}` + express(`fs.writeFileSync(path.join('/srv/hot', ${expr}), 'x');\nres.end();`);
    expect(rules({ 'a.js': write('slugify(req.body.host)', "const slugify = require('slugify');\n") })).toEqual([]);
    expect(rules({ 'a.js': write('path.parse(req.body.name).name') })).toEqual([]);
    expect(rules({ 'a.js': write('uuidv5(req.body.name, NS)', "const { v5: uuidv5 } = require('uuid');\n") })).toEqual([]);
    expect(rules({ 'a.js': write('path.parse(req.body.name).dir') })).toEqual(['js.path-file.traversal-taint:6']);
    expect(rules({ 'a.js': write('req.body.name') })).toEqual(['js.path-file.traversal-taint:6']);
  });
});

const sevOf = (files: Record<string, string>) => findings(files).map((f) => `${f.ruleId}:${f.location.startLine}:${f.severity}`);

describe('held-out round 13', () => {
  it('a replace that deletes every character outside an identifier class leaves one word; without the g flag it does not', () => {
    const write = (expr: string) => `const fs = require('fs');\nconst path = require('path');\nfunction sanitiseId(id) {\n  return ${expr};\n}\n` + express(`fs.readFileSync(path.join('/srv/apps', sanitiseId(req.query.app), 'app.yml'));\nres.end();`);
    expect(rules({ 'a.js': write("id.replace(/[^a-zA-Z0-9-]/g, '')") })).toEqual([]);
    expect(rules({ 'a.js': write("id.replaceAll(/[^\\w-]+/g, '')") })).toEqual([]);
    expect(rules({ 'a.js': write("id.replace(/[^a-zA-Z0-9-]/, '')") })).toEqual(['js.path-file.traversal-taint:9']);
    expect(rules({ 'a.js': write("id.replace(/[^a-zA-Z0-9./-]/g, '')") })).toEqual(['js.path-file.traversal-taint:9']);
  });

  it('a lookup that raises when nothing is found matches the key for every later statement; a plain get does not', () => {
    const body = (lookup: string) => `const id = req.params.id;\n${lookup}\nrequire('fs').readFileSync('/docs/' + id);\nres.end();`;
    expect(sevOf({ 'a.js': express(body('await prisma.doc.findUniqueOrThrow({ where: { id } });')) })).toEqual(['js.path-file.traversal-taint:6:low']);
    expect(sevOf({ 'a.js': express(body("const q = new Parse.Query('Doc');\nawait q.get(id, { useMasterKey: true });")) })).toEqual(['js.path-file.traversal-taint:7:low']);
    expect(sevOf({ 'a.js': express(body('await prisma.doc.findUnique({ where: { id } });')) })).toEqual(['js.path-file.traversal-taint:6:high']);
    const django = (lookup: string) =>
      `from django.http import HttpResponse\nfrom .models import Doc\n\ndef show(request):\n    key = request.GET['key']\n    ${lookup}\n    return HttpResponse(open('/docs/' + key).read())\n`;
    expect(sevOf({ 'views.py': django('Doc.objects.get(key=key)') })).toEqual(['py.path-file.traversal-taint:7:low']);
    expect(sevOf({ 'views.py': django('Doc.objects.filter(key=key)') })).toEqual(['py.path-file.traversal-taint:7:high']);
  });

  it('a signed JWT is base64url and dots: sending it is no XSS; sending the claim itself is', () => {
    const send = (expr: string) => `const jwt = require('jsonwebtoken');\n` + express(`res.send(${expr});`);
    expect(rules({ 'a.js': send("jwt.sign({ ua: req.headers['user-agent'] }, 'k')") })).toEqual([]);
    expect(rules({ 'a.js': send("req.headers['user-agent']") })).toEqual(['js.xss.reflected-taint:5']);
    expect(rules({ 'a.py': flask("return '<p>' + jwt.encode({'n': request.args['n']}, 'k')", 'import jwt') })).toEqual([]);
    expect(rules({ 'a.py': flask("return '<p>' + request.args['n']") })).toEqual(['py.xss.reflected-taint:7']);
  });

  it("an extension cut at the last dot holds no '..' (split('.')[-1], .pop()); the part before it can", () => {
    const py = (expr: string) => flask(`f = request.files['f']\nopen(os.path.join('/srv/tmp', uuid4().hex + '/' + ${expr}), 'wb').write(f.read())\nreturn 'ok'`, 'import os\nfrom uuid import uuid4');
    expect(rules({ 'a.py': py("f.filename.split('.')[-1]") })).toEqual([]);
    expect(rules({ 'a.py': py("f.filename.rsplit('.', 1)[-1].lower()") })).toEqual([]);
    expect(rules({ 'a.py': py("f.filename.split('.')[0]") })).toEqual(['py.path-file.traversal-taint:9']);
    const js = (expr: string) => `const fs = require('fs');\n` + express(`fs.writeFileSync('/srv/tmp/' + Date.now() + '.' + ${expr}, 'x');\nres.end();`);
    expect(rules({ 'a.js': js("req.query.name.split('.').pop()") })).toEqual([]);
    expect(rules({ 'a.js': js("req.query.name.split('.').shift()") })).toEqual(['js.path-file.traversal-taint:5']);
  });

  it('a pattern that must fullmatch `x or ""` validates x', () => {
    const view = (test: string) => flask(`name = request.args.get('tree')\nif not ${test}:\n    return 'bad', 400\nreturn open(os.path.join('/srv/trees', f'{name}.json')).read()`, "import os\nimport re\nNAME = re.compile(r'[A-Za-z0-9_-]+')");
    expect(rules({ 'a.py': view('NAME.fullmatch(name or "")') })).toEqual([]);
    expect(rules({ 'a.py': view('(name or "")') })).toEqual(['py.path-file.traversal-taint:12']);
  });

  it('typing.cast(T, x) is x: a redirect response stays a redirect, a string stays a string', () => {
    const helper = (inner: string) => `from typing import cast\nfrom flask import redirect, Response\n\ndef go(url):\n    return cast(Response, ${inner})\n`;
    const view = "from flask import Flask, request\nfrom .helpers import go\napp = Flask(__name__)\n\n@app.route('/x')\ndef view():\n    return go('/items/' + request.args['id'])\n";
    expect(rules({ 'app/helpers.py': helper('redirect(url)'), 'app/views.py': view, 'app/__init__.py': '' }).filter((r) => r.includes('xss'))).toEqual([]);
    expect(rules({ 'app/helpers.py': helper("'<a>' + url"), 'app/views.py': view, 'app/__init__.py': '' })).toEqual(['py.xss.reflected-taint:7']);
  });

  it('a value whose HMAC the server checked is one the server signed; without the check it is input', () => {
    const view = (check: string) => flask(`name = request.args.get('name')\n${check}return open(os.path.join('/srv/icons', name)).read()`, 'import os\nfrom .webutils import is_hmac_of, SECRET');
    expect(rules({ 'a.py': view("if not is_hmac_of(SECRET, name.encode(), request.args.get('h', '')):\n    return '', 400\n") })).toEqual([]);
    expect(rules({ 'a.py': view('') })).toEqual(['py.path-file.traversal-taint:9']);
  });

  it("a pydantic model's typed fields are converted values (int, Optional[int], Literal); its str fields carry the input", () => {
    const app = (field: string) =>
      `from typing import Optional, Literal\nfrom flask import Flask, request\nfrom pydantic import BaseModel\napp = Flask(__name__)\n\nclass FrameSchema(BaseModel):\n    frame_number: Optional[int] = None\n    kind: Literal["png", "jpg"] = "png"\n    name: str = "frame"\n\ndef validate_body(schema):\n    return schema.model_validate(request.get_json())\n\n@app.route('/x', methods=['POST'])\ndef view():\n    body = validate_body(FrameSchema)\n    return open(f"/srv/frames/{body.${field}}").read()\n`;
    expect(rules({ 'a.py': app('frame_number') })).toEqual([]);
    expect(rules({ 'a.py': app('kind') })).toEqual([]);
    expect(rules({ 'a.py': app('name') })).toEqual(['py.path-file.traversal-taint:17']);
    // the same reading of annotations for a FastAPI parameter: Optional[int] is converted, Optional[str] is text
    const fast = (hint: string) => `from typing import Optional\nfrom fastapi import FastAPI\napp = FastAPI()\n\n@app.get('/frame')\ndef frame(n: ${hint} = None):\n    return open(f'/srv/frames/{n}.png').read()\n`;
    expect(rules({ 'a.py': fast('Optional[int]') })).toEqual([]);
    expect(rules({ 'a.py': fast('Optional[str]') })).toEqual(['py.path-file.traversal-taint:7']);
  });

  it('a path built from a key before a lookup that raises holds only a matched key after it; without the lookup it stays high', () => {
    const body = (lookup: string) => `const docId = req.params.docId;\nconst out = \`./exports/certificate_\${docId}.pdf\`;\n${lookup}\nrequire('fs').writeFileSync(out, 'x');\nres.end();`;
    expect(sevOf({ 'a.js': express(body("const q = new Parse.Query('Doc');\nawait q.get(docId, { useMasterKey: true });")) })).toEqual(['js.path-file.traversal-taint:8:low']);
    expect(sevOf({ 'a.js': express(body('')) })).toEqual(['js.path-file.traversal-taint:7:high']);
  });

  it('a content type a helper declares on the response it is passed holds for the caller; one the caller declares HTML is HTML', () => {
    const app = (call: string) => `const express = require('express');\nconst app = express();\nfunction streamHeaders(res) {\n  res.setHeader('Content-Type', 'text/event-stream');\n}\napp.get('/x', (req, res) => {\n  ${call}\n  res.write('data: ' + req.query.q + '\\n\\n');\n  res.end();\n});\n`;
    expect(rules({ 'a.js': app('streamHeaders(res);') })).toEqual([]);
    expect(rules({ 'a.js': app("res.setHeader('Content-Type', 'text/html');") })).toEqual(['js.xss.reflected-taint:8']);
  });
});

describe('held-out round 14', () => {
  it("a method of a module's exported instance is the class's own method: a record looked up by the id is not the id", () => {
    const route = "const express = require('express');\nconst becca = require('./becca.js');\nconst app = express();\napp.get('/n/:id', (req, res) => {\n  const note = becca.getNote(req.params.id);\n  res.send(note.getContent());\n});\n";
    const store = (body: string) => `class Becca {\n  constructor() { this.notes = {}; }\n  getNote(id) { ${body} }\n}\nconst becca = new Becca();\nmodule.exports = becca;\n`;
    expect(rules({ 'becca.js': store('return this.notes[id];'), 'route.js': route })).toEqual([]);
    // a method that builds markup from the id still carries it
    expect(rules({ 'becca.js': store("return { getContent: () => '<b>' + id };"), 'route.js': route })).toEqual(['js.xss.reflected-taint:6']);
  });

  it('a helper that raises unless Path(p).relative_to(base) succeeds confines the path for its caller; without the check it does not', () => {
    const app = (check: string) => `import os, pathlib\nfrom flask import Flask, request\napp = Flask(__name__)\n\ndef check_access(in_dir, path):\n    p = os.path.realpath(os.path.join(in_dir, path))\n${check}\n\n@app.route('/f')\ndef f():\n    name = request.args['name']\n    check_access('/srv/store', name)\n    return open(os.path.join('/srv/store', name)).read()\n`;
    expect(rules({ 'a.py': app("    try:\n        pathlib.Path(p).relative_to(in_dir)\n    except ValueError:\n        raise PermissionError('denied')") })).toEqual([]);
    expect(rules({ 'a.py': app("    if not pathlib.Path(p).is_relative_to(in_dir):\n        raise PermissionError('denied')") })).toEqual([]);
    expect(rules({ 'a.py': app('    print(p)') })).toEqual(['py.path-file.traversal-taint:13']);
  });

  it("a workspace package's containment helper is followed like a relative import; outside a workspace it is unknown", () => {
    const file = "import path from 'path';\nexport default class File {\n  static normalise_in_base(base: string, ...unsafe: string[]): string | null {\n    const joined = path.join(base, ...unsafe);\n    if (joined.startsWith(base)) return joined;\n    return null;\n  }\n}\n";
    const route = "import express from 'express';\nimport fs from 'fs';\nimport File from '@acme/data/models/file';\nconst app = express();\napp.get('/doc/:p', (req, res) => {\n  const fp = File.normalise_in_base('/srv/docs', req.params.p);\n  if (fp) res.send(fs.readFileSync(fp));\n});\n";
    const files = { 'package.json': '{ "workspaces": ["packages/*"] }', 'packages/data/package.json': '{ "name": "@acme/data" }', 'packages/data/models/file.ts': file, 'packages/server/routes.ts': route };
    expect(rules(files)).toEqual([]);
    expect(rules({ ...files, 'package.json': '{}' })).toEqual(['js.path-file.traversal-taint:7']);
  });

  it('a class picked from a library container by a request key is a callable chosen at run time: its output needs review', () => {
    const view = (pick: string) => `from collections import OrderedDict\nfrom django.http import HttpResponse\nfrom .readouts import A, B\nREADOUTS = OrderedDict((t.slug, t) for t in [A, B])\n\ndef rows(request, slug):\n    if slug not in READOUTS:\n        raise Http404\n    readout = ${pick}(request, locale=request.GET.get('locale'))\n    return HttpResponse(readout.render())\n`;
    expect(sevOf({ 'views.py': view('READOUTS[slug]'), 'urls.py': "from django.urls import path\nfrom . import views\nurlpatterns = [path('r/<slug>/', views.rows)]\n" })).toEqual(['py.xss.reflected-taint:10:low']);
  });

  it("input appended after a URL's '?' is in the query: it cannot pick the host a request goes to; before it, it can", () => {
    const view = (url: string) => flask(`q = request.args['q']\nreturn requests.get(${url}).text`, 'import requests\nfrom urllib.parse import urlencode\nfrom .config import SEARCH_ENDPOINT');
    expect(rules({ 'a.py': view('SEARCH_ENDPOINT + "?" + urlencode({"q": q})') })).toEqual([]);
    expect(rules({ 'a.py': view('f"{SEARCH_ENDPOINT}?q={q}"') })).toEqual([]);
    expect(rules({ 'a.py': view('SEARCH_ENDPOINT + q') })).toEqual(['py.ssrf-redirect.ssrf-taint:10']);
    expect(rules({ 'a.py': view('q + "?" + urlencode({"a": 1})') })).toEqual(['py.ssrf-redirect.ssrf-taint:10']);
    const sep = (pick: string) => express(`const sep = ${pick};\nfetch(process.env.SOLR + sep + req.query.q);\nres.end();`);
    expect(rules({ 'a.js': sep("req.query.x ? '?' : '&'") })).toEqual([]);
    expect(rules({ 'a.js': sep("req.query.x ? '?' : '/'") })).toEqual(['js.ssrf-redirect.ssrf-taint:5']);
  });

  it("express-fileupload's tempFilePath is where the server stored the upload; a body field naming a path is not", () => {
    expect(rules({ 'a.js': express("require('fs').unlinkSync(req.files.pack.tempFilePath);\nres.end();") })).toEqual([]);
    expect(rules({ 'a.js': express("require('fs').unlinkSync(req.body.tempFilePath);\nres.end();") })).toEqual(['js.path-file.traversal-taint:4']);
    // formidable (koa-body) names the upload itself: filepath is its random name in the upload folder
    expect(rules({ 'a.js': koa("require('fs').createReadStream(ctx.request.files.file.filepath).pipe(process.stdout);") })).toEqual([]);
    expect(rules({ 'a.js': koa("require('fs').createReadStream(ctx.request.body.filepath).pipe(process.stdout);") })).toEqual(['js.path-file.traversal-taint:4']);
  });

  it('a page built from the Host name reaches only whoever sent that Host header: low; from the query string it is the rule severity', () => {
    expect(sevOf({ 'a.js': express("res.send(`<urlset><loc>https://${req.hostname}/</loc></urlset>`);") })).toEqual(['js.xss.reflected-taint:4:low']);
    expect(sevOf({ 'a.js': express("res.send(`<urlset><loc>https://${req.query.h}/</loc></urlset>`);") })).toEqual(['js.xss.reflected-taint:4:medium']);
  });

  it('a date or address parsed into its type prints back in canonical form: no SQL injection; the raw text still is', () => {
    const view = (expr: string) => flask(`v = ${expr}\ncur = db.cursor()\ncur.execute("SELECT * FROM arp WHERE x = '%s'" % v)\nreturn 'ok'`, 'import iso8601, IPy\nfrom .db import db');
    expect(rules({ 'a.py': view("iso8601.parse_date(request.args['from'])") })).toEqual([]);
    expect(rules({ 'a.py': view("IPy.IP(request.args['prefix'])") })).toEqual([]);
    expect(rules({ 'a.py': view("request.args['prefix']") })).toEqual(['py.injection.sql-taint:10']);
  });

  it("os.path.splitext's extension holds no separator: a stored name built from a hash and it is confined; the raw name is not", () => {
    const view = (name: string) => flask(`f = request.files['image']\nname = ${name}\nopen(os.path.join('/srv/images', name), 'wb').write(f.read())\nreturn 'ok'`, 'import os, hashlib');
    expect(rules({ 'a.py': view("hashlib.sha1(b'x').hexdigest() + os.path.splitext(request.form['name'])[-1]") })).toEqual([]);
    expect(rules({ 'a.py': view("hashlib.sha1(b'x').hexdigest() + os.path.splitext(request.form['name'])[1]") })).toEqual([]);
    expect(rules({ 'a.py': view("hashlib.sha1(b'x').hexdigest() + os.path.splitext(request.form['name'])[0]") })).toEqual(['py.path-file.traversal-taint:9']);
  });

  it('a helper whose check a setting can skip (`if not config.SERVER_MODE: return`) leaves a switchable flow: capped, not high', () => {
    const app = (check: string) => `import os, pathlib\nfrom flask import Flask, request\nfrom . import config\napp = Flask(__name__)\n\ndef check_access(in_dir, path):\n${check}\n\n@app.route('/f')\ndef f():\n    name = request.args['name']\n    check_access('/srv/store', name)\n    return open(os.path.join('/srv/store', name)).read()\n`;
    const confine = "    p = os.path.realpath(os.path.join(in_dir, path))\n    if not pathlib.Path(p).is_relative_to(in_dir):\n        raise PermissionError('denied')";
    expect(sevOf({ 'a.py': app(`    if not config.SERVER_MODE:\n        return\n${confine}`) })).toEqual(['py.path-file.traversal-taint:17:low']);
    // an early return that the request controls proves nothing about the path
    expect(sevOf({ 'a.py': app(`    if request.args.get('skip'):\n        return\n${confine}`) })).toEqual(['py.path-file.traversal-taint:17:high']);
    // a setting that only logs, with no check at all, is no validation either
    expect(sevOf({ 'a.py': app("    if not config.SERVER_MODE:\n        print(path)\n    print(path)") })).toEqual(['py.path-file.traversal-taint:15:high']);
  });

  it("a @staticmethod's arguments start at its first parameter: its check validates the caller's path, its plain join does not", () => {
    const app = (body: string) => `import os, pathlib\nfrom flask import Flask, request\napp = Flask(__name__)\n\nclass Files:\n    @staticmethod\n    def check(in_dir, path):\n${body}\n\n@app.route('/f')\ndef f():\n    name = request.args['name']\n    Files.check('/srv/store', name)\n    return open(os.path.join('/srv/store', name)).read()\n`;
    expect(rules({ 'a.py': app("        p = os.path.realpath(os.path.join(in_dir, path))\n        if not pathlib.Path(p).is_relative_to(in_dir):\n            raise PermissionError('denied')") })).toEqual([]);
    expect(rules({ 'a.py': app('        print(in_dir, path)') })).toEqual(['py.path-file.traversal-taint:14']);
  });

  it("a feed serialized by the `feed` package escapes its text; the same text sent as a page is XSS", () => {
    const body = (send: string) => `const { Feed } = require('feed');\nconst feed = new Feed({ title: req.query.t, link: 'https://example.org/' });\n${send}`;
    expect(rules({ 'a.js': express(body('res.send(feed.rss2());')) })).toEqual([]);
    expect(rules({ 'a.js': express(body("res.send('<h1>' + req.query.t + '</h1>');")) })).toEqual(['js.xss.reflected-taint:6']);
  });
});

describe('held-out round 16', () => {
  it("an HTTP SDK's client.execute(request object) is not SQL; a database handle's execute(sql text) is", () => {
    const body = (call: string) => `const client = makeClient();\n${call}`;
    expect(rules({ 'a.js': express(body("await client.execute({ path: '/v1/verify', verb: 'POST', body: { sig: req.get('X-Sig') } });")) })).toEqual([]);
    expect(rules({ 'a.js': express(body("await client.execute('SELECT * FROM t WHERE id = ' + req.query.id);")) })).toEqual(['js.injection.sql-taint:5']);
    expect(rules({ 'a.js': express(body("await client.execute({ sql: 'SELECT * FROM t WHERE id = ' + req.query.id });")) })).toEqual(['js.injection.sql-taint:5']);
  });

  it('a URL that starts with one of several fixed hosts, also through new URL(...).toString(), stays on them; a request-chosen start does not', () => {
    const app = (base: string) => express(`const base = ${base};\nconst url = new URL(base + req.body.id).toString();\nawait fetch(url);`);
    expect(rules({ 'a.js': app("process.env.SANDBOX ? 'https://api.sandbox.example.com/v2/' : 'https://api.example.com/v2/'") })).toEqual([]);
    expect(rules({ 'a.js': app("'https://api.example.com/v2/'") })).toEqual([]);
    expect(rules({ 'a.js': app("process.env.SANDBOX ? 'https://api.sandbox.example.com/v2/' : req.query.base") })).toEqual(['js.ssrf-redirect.ssrf-taint:6']);
    expect(rules({ 'a.js': app("process.env.SANDBOX ? 'https://api.sandbox.example.com' : 'https://api.example.com'") })).toEqual(['js.ssrf-redirect.ssrf-taint:6']);
  });

  it('a path whose parts, joined, must be in an allow-list is confined; an allow-list on one part leaves the other free', () => {
    const app = (test: string) => `const path = require('path');\nconst files = require('./files');\n` + express(`const p = req.params.pkg;\nconst f = req.params.file;\nif (!files.list().includes(${test})) return res.status(404).send('no');\nres.sendFile(path.join('/srv/packages', p, f));`);
    expect(rules({ 'a.js': app('`${p}/${f}`') })).toEqual([]);
    expect(rules({ 'a.js': app('p') })).toEqual(['js.path-file.traversal-taint:9']);
  });

  it("a Flask any(...) converter passes one of its listed words, a route default a constant; a string converter passes text", () => {
    const app = (rule: string) => `import os\nfrom flask import Flask, send_file\napp = Flask(__name__)\n\n${rule}\n@app.route('/custom/files/<path:filename>', defaults={'folder': 'files'})\ndef custom(folder, filename):\n    return send_file(os.path.join('/srv/custom', folder, os.path.basename(filename)))\n`;
    expect(rules({ 'a.py': app("@app.route('/custom/<any(css,js):folder>/<path:filename>')") })).toEqual([]);
    expect(rules({ 'a.py': app("@app.route('/custom/<folder>/<path:filename>')") })).toEqual([]);
    expect(rules({ 'a.py': app("@app.route('/custom/<path:folder>/<path:filename>')") })).toEqual(['py.path-file.traversal-taint:8']);
  });

  it('a request to a relative URL (/books/ + id) cannot pick a host; one to a URL the input starts can', () => {
    expect(rules({ 'a.js': express('await fetch(`/books/${req.query.id}.json`);') })).toEqual([]);
    expect(rules({ 'a.js': express('await fetch(`${req.query.base}/books.json`);') })).toEqual(['js.ssrf-redirect.ssrf-taint:4']);
  });

  it('a server-sent events frame (data: ...) is not a page; the same text written as the body is', () => {
    expect(rules({ 'a.js': express('stream.pipeToResponse(res);\nres.write(`data: ${JSON.stringify({ usage: req.body.u })}\\n\\n`);') })).toEqual([]);
    expect(rules({ 'a.js': express('res.write(`<p>${req.body.u}</p>`);') })).toEqual(['js.xss.reflected-taint:4']);
    expect(rules({ 'a.js': express("res.set('Content-Type', 'text/html');\nres.write(`data: ${req.body.u}`);") })).toEqual(['js.xss.reflected-taint:5']);
  });

  it('a value found by indexOf in an allow-list (=== -1 then leave, !== -1, >= 0) is confined; a miss is not', () => {
    const app = (test: string) => `const path = require('path');\n` + express(`const type = req.params.type;\nif (${test}) return res.status(404).end();\nres.sendFile(path.join('/tmp', 'export.' + type));`);
    expect(rules({ 'a.js': app("['pdf', 'txt', 'html'].indexOf(type) === -1") })).toEqual([]);
    expect(rules({ 'a.js': app("!(['pdf', 'txt'].indexOf(type) >= 0)") })).toEqual([]);
    expect(rules({ 'a.js': app("-1 === ['pdf', 'txt'].indexOf(type)") })).toEqual([]);
    expect(rules({ 'a.js': app("['pdf', 'txt'].indexOf(type) !== -1") })).toEqual(['js.path-file.traversal-taint:7']);
    expect(rules({ 'a.js': app("type.indexOf('.') === -1") })).toEqual(['js.path-file.traversal-taint:7']);
  });

  it("a key a server-side store's lookup found, tested in place (`if store.get(uuid):`), matched a stored key: capped for review", () => {
    const app = (test: string) => flask(`uuid = request.form['uuid']\n${test}\n    shutil.rmtree(os.path.join('/data', uuid))\nreturn 'ok'`, 'import os, shutil\nSTORE = {}');
    expect(sevOf({ 'a.py': app("if STORE['watching'].get(uuid):") })).toEqual(['py.path-file.traversal-taint:10:low']);
    expect(sevOf({ 'a.py': app('if uuid:') })).toEqual(['py.path-file.traversal-taint:10:high']);
  });
});

describe('residue of earlier rounds (session 10)', () => {
  it("input formatted after a '?' with % lands in the query string; formatted before it, it picks the host", () => {
    const view = (fmt: string) => flask(`q = request.args['q']\nurl = ${fmt}\nreturn urlopen(url).read()`, 'from urllib.request import urlopen\nBASE = "https://graphite.example/render"');
    expect(rules({ 'a.py': view("'%s?%s' % (BASE, urlencode({'target': q}))") })).toEqual([]);
    expect(rules({ 'a.py': view("'%s?target=%s' % (BASE, q)") })).toEqual([]);
    expect(rules({ 'a.py': view("'%s/render?x=1' % q") })).toEqual(['py.ssrf-redirect.ssrf-taint:10']);
  });

  it("an object literal's method reads the object's own fields through `this`: a fixed base keeps the host; an arrow's `this` is not the object", () => {
    const hub = (method: string) => `const Hub = {\n  base: process.env.NODE_ENV === 'development' ? 'http://127.0.0.1:5001/hub/v1' : 'https://hub.example.com/v1',\n  ${method},\n};\n` + express('await Hub.pull(req.query.id);');
    expect(rules({ 'a.js': hub('pull: async function (id) { return fetch(`${this.base}/${id}/pull`); }') })).toEqual([]);
    expect(rules({ 'a.js': hub('async pull(id) { return fetch(`${this.base}/${id}/pull`); }') })).toEqual([]);
    expect(rules({ 'a.js': hub('pull: async function (id) { return fetch(`${id}/pull`); }') })).toEqual(['js.ssrf-redirect.ssrf-taint:3']);
    // (a base the request did not choose followed by '/' keeps its host whatever it is: the arrow case glues the input on)
    expect(rules({ 'a.js': hub('pull: async function (id) { return fetch(`${this.base}${id}/pull`); }') })).toEqual([]);
    expect(rules({ 'a.js': hub('pull: async (id) => fetch(`${this.base}${id}/pull`)') })).toEqual(['js.ssrf-redirect.ssrf-taint:3']);
  });

  it("urljoin keeps the base's host for a path-shaped reference (a fixed route's request.full_path, '/servers/' + name); any other reference can move it", () => {
    const app = (rule: string, ref: string) => `import requests\nfrom urllib.parse import urljoin, quote_plus\nfrom flask import Flask, request\napp = Flask(__name__)\nBASE = 'http://127.0.0.1:8081'\n\n@app.route('${rule}')\ndef proxy(sub):\n    return requests.get(urljoin(BASE, ${ref})).text\n`;
    expect(rules({ 'a.py': app('/api/v1/servers/<path:sub>', 'request.full_path') })).toEqual([]);
    expect(rules({ 'a.py': app('/zones/<sub>', "'/servers/localhost/zones/' + quote_plus(sub)") })).toEqual([]);
    expect(rules({ 'a.py': app('/<path:sub>', 'request.full_path') })).toEqual(['py.ssrf-redirect.ssrf-taint:9']);
    expect(rules({ 'a.py': app('/zones/<sub>', "app.config['API_PREFIX'] + '/servers/localhost/zones/' + sub") })).toEqual([]);
    expect(rules({ 'a.py': app('/zones/<sub>', "request.args['next']") })).toEqual(['py.ssrf-redirect.ssrf-taint:9']);
  });

  it('an Office document type or an attachment disposition built with the file name is not a page; an XML type is one', () => {
    const body = (headers: string) => express(`const { id } = req.params;\n${headers}\nreturn res.send(build(id));`);
    expect(rules({ 'a.js': body("res.setHeader('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');") })).toEqual([]);
    expect(rules({ 'a.js': body("res.setHeader('Content-disposition', 'attachment; filename=\"' + encodeURIComponent(id) + '.xlsx\"');") })).toEqual([]);
    expect(rules({ 'a.js': body("res.setHeader('Content-Type', 'application/xml');") })).toEqual(['js.xss.reflected-taint:6']);
    expect(rules({ 'a.js': body("res.setHeader('Content-Type', 'image/svg+xml');") })).toEqual(['js.xss.reflected-taint:6']);
  });
});


describe('held-out round 18', () => {
  const sev = (files: Record<string, string>) => findings(files).map((f) => `${f.ruleId}:${f.location.startLine}:${f.severity}`);

  it("a join's sides keep their own review flags: an escaped side does not make the other, unproven side proven", () => {
    const view = (fallback: string) =>
      `from django.http import HttpResponse\nfrom django.urls import reverse\nfrom django.views import View\nfrom sso import PROVIDERS\n\n\nclass Metadata(View):\n    def get(self, request, kind, slug):\n        app = PROVIDERS[kind](slug)\n        entity = app.settings.get('entity') or ${fallback}\n        return HttpResponse(entity, content_type='text/xml')\n`;
    // the configured side comes through a method of an unknown class (unproven: capped low for XSS), reverse() quotes the slug
    expect(sev({ 'a.py': view("reverse('meta', args=[slug])") })).toEqual(['py.xss.reflected-taint:11:low']);
    // the same join with the raw slug: the slug itself reaches the page, proven
    expect(sev({ 'a.py': view('slug') })).toEqual(['py.xss.reflected-taint:11:medium']);
  });

  it("an uploaded file's stored path is the server's, however req.files is iterated; a path from the body is the client's", () => {
    const post = (body: string) => `const express = require('express');\nconst fs = require('fs');\nconst app = express();\napp.post('/submit', (req, res) => {\n${body}\n});\n`;
    expect(rules({ 'a.js': post('for (const file of Object.values(req.files || {})) fs.unlinkSync(file.path);') })).toEqual([]);
    expect(rules({ 'a.js': post('(req.files || []).forEach((file) => fs.unlinkSync(file.path));') })).toEqual([]);
    expect(rules({ 'a.js': post('for (const file of req.files) fs.unlinkSync(file.path);') })).toEqual([]);
    expect(rules({ 'a.js': post('for (const file of req.body.files) fs.unlinkSync(file.path);') })).toEqual(['js.path-file.traversal-taint:5']);
  });

  it('where a test found the input falsy it is empty or None: only the parsed value and the empty one reach the query', () => {
    const view = (test: string) => `import iso8601\nfrom django.db import connection\n\n\ndef times(request):\n    start = request.GET.get('start')\n    ${test}\n    return start\n\n\ndef view(request):\n    start = times(request)\n    connection.cursor().execute("SELECT * FROM arp WHERE start > '{}'".format(start))\n`;
    expect(rules({ 'a.py': view('if start:\n        start = iso8601.parse_date(start).replace(tzinfo=None)') })).toEqual([]);
    expect(rules({ 'a.py': view("if not start:\n        start = '1970-01-01'") })).toEqual(['py.injection.sql-taint:14']);
  });

  it("a module named manage.py inside a package does not hide the package's own dotted name below a source root", () => {
    const files = (body: string) => ({
      'python/app/__init__.py': '',
      'python/app/devices/__init__.py': '',
      'python/app/devices/manage.py': '# managed devices\n',
      'python/app/devices/store.py': `def stored_name(x):\n    ${body}\n`,
      'python/app/web.py': "from flask import Flask, request\nfrom app.devices.store import stored_name\napp = Flask(__name__)\n\n@app.route('/x')\ndef view():\n    return open(stored_name(request.args['f'])).read()\n",
    });
    expect(rules(files("return '/srv/devices/current.json'"))).toEqual([]);
    expect(rules(files('return x'))).toEqual(['py.path-file.traversal-taint:7']);
  });

  it("a redirect helper reached through a dict of helpers returns a redirect, not a page; another helper's text is a page", () => {
    const files = (call: string) => ({
      'helpers.py': 'class HelperDict(dict):\n    def __getattr__(self, key):\n        return self[key]\n',
      'views.py': `from flask import Blueprint\nimport helpers\n\nbp = Blueprint('x', __name__)\nh = helpers.HelperDict()\n\n\n@bp.route('/dataset/<id>/history')\ndef history(id):\n    return ${call}\n`,
    });
    expect(rules(files("h.redirect_to('dataset.history', id=id)"))).toEqual([]);
    expect(rules(files('h.literal(id)'))).toEqual(['py.xss.reflected-taint:10']);
  });

  it("indexing a dict the code wrote raises for any other key: the path built from that key before is capped; .get() with a default is no check", () => {
    const app = (lookup: string) => `import os\nfrom flask import Flask, request\napp = Flask(__name__)\nSUFFIX = {'python': 'py', 'node': 'js'}\n\n@app.route('/sdk')\ndef sdk():\n    lang = request.args.get('language', 'python')\n    base = os.path.join('/srv/demos', lang)\n    demo = os.path.join(base, 'demo.' + ${lookup})\n    return open(demo).read()\n`;
    expect(sev({ 'a.py': app('SUFFIX[lang]') })).toEqual(['py.path-file.traversal-taint:11:low']);
    expect(sev({ 'a.py': app("SUFFIX.get(lang, 'txt')") })).toEqual(['py.path-file.traversal-taint:11:high']);
  });

  it('a disposition type other than inline is a download whatever Content-Type follows (RFC 6266: unknown types are attachments)', () => {
    const send = (type: string) =>
      `const express = require('express');\nconst app = express();\nfunction disposition(name) {\n  return \`${type}; filename="\${encodeURIComponent(name)}"\`;\n}\napp.get('/r/:id', (req, res) => {\n  res.setHeader('Content-Disposition', disposition(req.params.id));\n  res.setHeader('Content-Type', 'text/html');\n  res.send(req.query.body);\n});\n`;
    expect(rules({ 'a.js': send('file') })).toEqual([]);
    expect(rules({ 'a.js': send('attachment') })).toEqual([]);
    expect(rules({ 'a.js': send('inline') })).toEqual(['js.xss.reflected-taint:9']);
  });

  it("a helper whose truthy result means the name matched a whole-value pattern guards the caller's `if (!parse(name)) return`", () => {
    const js = (check: string) =>
      `const express = require('express');\nconst fs = require('fs');\nconst path = require('path');\nconst app = express();\nfunction parseFilename(name) {\n  const match = name.match(${check});\n  if (!match) return null;\n  return { kind: match[1], id: match[2] };\n}\napp.get('/files/:name', (req, res) => {\n  if (!parseFilename(req.params.name)) return res.sendStatus(404);\n  res.send(fs.readFileSync(path.join('/srv/out', req.params.name)));\n});\n`;
    expect(rules({ 'a.js': js('/^([a-z]+)-([a-f0-9-]{36})\\.\\w+$/i') })).toEqual([]);
    // a pattern that matches part of the value checks nothing about the rest
    expect(rules({ 'a.js': js('/([a-z]+)-([a-f0-9-]{36})/i') })).toEqual(['js.path-file.traversal-taint:12']);
    const py = (check: string) =>
      `import os\nimport re\nfrom flask import Flask, request\napp = Flask(__name__)\n\ndef parse(name):\n    m = ${check}\n    if not m:\n        return None\n    return m.group(1)\n\n@app.route('/f')\ndef view():\n    name = request.args['name']\n    if not parse(name):\n        return 'no', 404\n    return open(os.path.join('/srv/out', name)).read()\n`;
    expect(rules({ 'a.py': py("re.fullmatch(r'([a-z]+)-[0-9a-f]{8}\\.json', name)") })).toEqual([]);
    expect(rules({ 'a.py': py('name.strip()') })).toEqual(['py.path-file.traversal-taint:17']);
  });

  it('unary plus, minus and bitwise not make numbers: a size parsed with +x no longer carries the text', () => {
    const js = (parse: string) =>
      `const express = require('express');\nconst path = require('path');\nconst app = express();\nconst toInt = (x) => {\n  const y = ${parse};\n  return !isNaN(y) ? y : undefined;\n};\napp.get('/resize/:w', (req, res) => {\n  const width = toInt(req.params.w);\n  res.sendFile(path.join('/srv/cache', \`img_w\${width}\`));\n});\n`;
    expect(rules({ 'a.js': js('+x') })).toEqual([]);
    expect(rules({ 'a.js': js('x.trim()') })).toEqual(['js.path-file.traversal-taint:10']);
  });

  it("a project method named as a getter, looked up with the key in another case, proves the key matched a stored record", () => {
    const app = (lookup: string) =>
      `import os\nfrom flask import Flask, abort\napp = Flask(__name__)\n\nclass Library:\n    def get_book_format(self, book_id, fmt):\n        return self.session.query(Data).filter(Data.book == book_id, Data.format == fmt).first()\n\nlibrary = Library()\n\n@app.route('/download/<int:book_id>/<fmt>')\ndef download(book_id, fmt):\n    if not ${lookup}:\n        abort(404)\n    os.system('convert --to ' + fmt)\n    return 'ok'\n`;
    expect(sev({ 'a.py': app('library.get_book_format(book_id, fmt.upper())') })).toEqual(['py.injection.command-taint:15:low']);
    expect(sev({ 'a.py': app('library.get_book_format(book_id, "EPUB")') })).toEqual(['py.injection.command-taint:15:critical']);
  });

  it('a flow through a project function the analysis stopped short of (call depth) is unproven and capped; a followed one is not', () => {
    const chain = (n: number) => {
      let defs = '';
      for (let i = 1; i <= n; i++) defs += `def step${i}(x):\n    return ${i < n ? `step${i + 1}(x)` : "'/srv/files/' + x"}\n\n`;
      return `import os\nfrom flask import Flask, request\napp = Flask(__name__)\n\n${defs}@app.route('/f')\ndef view():\n    return open(step1(request.args['name'])).read()\n`;
    };
    const at = (n: number) => findings({ 'a.py': chain(n) }).map((f) => `${f.ruleId}:${f.severity}`);
    expect(at(2)).toEqual(['py.path-file.traversal-taint:high']);
    expect(at(8)).toEqual(['py.path-file.traversal-taint:low']);
  });
});

describe('held-out round 19', () => {
  it("Django's slugify leaves letters, digits, '_' and '-': echoing the slug is not XSS; echoing the name is", () => {
    const view = (out: string) => `from django.http import HttpResponse\nfrom django.utils.text import slugify\n\n\ndef slug(request):\n    name = request.GET.get('name', '')\n    return HttpResponse(${out})\n`;
    expect(rules({ 'a.py': view('slugify(name)') })).toEqual([]);
    expect(rules({ 'a.py': view('name.lower()') })).toEqual(['py.xss.reflected-taint:7']);
  });
});

describe('held-out round 20', () => {
  it('a page rendered from a template file escapes its values (nunjucks, pug); a template compiled from input does not', () => {
    const page = (render: string) => `const express = require('express');\nconst nunjucks = require('nunjucks');\nconst pug = require('pug');\nconst app = express();\napp.post('/x', (req, res) => {\n  res.send(${render});\n});\n`;
    expect(rules({ 'a.js': page("nunjucks.render('page.html', { errors: [req.body.message] })") })).toEqual([]);
    expect(rules({ 'a.js': page("pug.renderFile('page.pug', { q: req.body.q })") })).toEqual([]);
    expect(rules({ 'a.js': page("'<p>' + req.body.q + '</p>'") })).toEqual(['js.xss.reflected-taint:6']);
    expect(rules({ 'a.js': page('nunjucks.renderString(req.body.q, {})') })).toContain('js.injection.template-taint:6');
  });

  it("path.relative(base, p) that does not start with '..' keeps p inside base, inline or in a helper; without the check, or from a chosen base, it does not", () => {
    const route = (body: string, pre = '') => `const express = require('express');\nconst path = require('path');\n${pre}\nconst app = express();\napp.get('/x/:dir/:file', async (req, res) => {\n${body}\n});\n`;
    const inline = (base: string) => route(`const full = path.join(${base}, req.params.file);\nconst rel = path.relative(${base}, full);\nif (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return res.sendStatus(400);\nres.sendFile(full);`);
    expect(rules({ 'a.js': inline("'/srv'") })).toEqual([]);
    expect(rules({ 'a.js': inline('req.params.dir') })).toEqual(['js.path-file.traversal-taint:9']);
    const helper = "function inside(dir, p) {\n  const rel = path.relative(dir, p);\n  return rel && !rel.startsWith('..') && !path.isAbsolute(rel);\n}";
    expect(rules({ 'a.js': route("const full = path.join('/srv', req.params.file);\nif (!inside('/srv', full)) return res.sendStatus(400);\nres.sendFile(full);", helper) })).toEqual([]);
    expect(rules({ 'a.js': route("const full = path.join('/srv', req.params.file);\nif (!full.startsWith('..')) res.sendFile(full);") })).toEqual(['js.path-file.traversal-taint:7']);
    expect(rules({ 'a.js': route("const full = path.join('/srv', req.params.file);\nres.sendFile(full);") })).toEqual(['js.path-file.traversal-taint:7']);
  });

  it('records found by an ORM finder of unknown class (findAllExpandedWhere) are stored data, not the key', () => {
    const route = (body: string) => `const express = require('express');\nconst axios = require('axios');\nconst Database = require('./db');\nconst app = express();\napp.post('/x', async (req, res) => {\n${body}\n});\n`;
    expect(rules({ 'a.js': route('const items = await Database.itemModel.findAllExpandedWhere({ id: req.body.ids });\nawait axios.get(items[0].feedUrl);') })).toEqual([]);
    expect(rules({ 'a.js': route('const items = await Database.itemModel.prepareWhere({ id: req.body.url });\nawait axios.get(items.id);') })).toEqual(['js.ssrf-redirect.ssrf-taint:7']);
    // a getter of a data-access object (a model reached through a property) returns the stored value under the key
    expect(rules({ 'a.js': route('const cover = await Database.itemModel.getCoverUrl(req.body.id);\nawait axios.get(cover);') })).toEqual([]);
    expect(rules({ 'a.js': route('const cover = await Database.helpers.getCoverUrl(req.body.id);\nawait axios.get(cover);') })).toEqual(['js.ssrf-redirect.ssrf-taint:7']);
  });
  it("a Django template response's content is autoescaped text: mark_safe(render(...).content.decode()) is not XSS; mark_safe of the input is", () => {
    const view = (out: string) => `from django.shortcuts import render\nfrom django.utils.safestring import mark_safe\nfrom django.http import HttpResponse\n\n\ndef page(request):\n    language = request.GET.get('language', 'en')\n    return HttpResponse(${out})\n`;
    expect(rules({ 'a.py': view("mark_safe(render(request, 'vote.html', {'language': language}).content.decode())") })).toEqual([]);
    expect(rules({ 'a.py': view("mark_safe('<p>' + language + '</p>')") })).toEqual(['py.xss.reflected-taint:8']);
  });
  it('an outbound request through an SSRF-filtering agent (ssrf-req-filter, request-filtering-agent) is not SSRF; without the agent it is', () => {
    const route = (opts: string) => `const express = require('express');\nconst axios = require('axios');\nconst ssrfFilter = require('ssrf-req-filter');\nconst { useAgent } = require('request-filtering-agent');\nconst app = express();\napp.post('/x', async (req, res) => {\n  const url = req.body.feed;\n  await axios({ url, method: 'GET'${opts} });\n});\n`;
    expect(rules({ 'a.js': route(', httpAgent: global.NoFilter ? null : ssrfFilter(url), httpsAgent: ssrfFilter(url)') })).toEqual([]);
    expect(rules({ 'a.js': route(', httpsAgent: useAgent(url)') })).toEqual([]);
    expect(rules({ 'a.js': route(', httpsAgent: new https.Agent({ keepAlive: true })') })).toEqual(['js.ssrf-redirect.ssrf-taint:8']);
  });
});

describe('held-out round 21', () => {
  it("a fetch package's response is the remote service's data (a vendor fork of node-fetch included); its URL is still an SSRF sink", () => {
    const route = (body: string) => `const express = require('express');\nconst fetch = require('@acme/node-fetch-http-proxy');\nconst app = express();\napp.get('/x', async (req, res) => {\n${body}\n});\n`;
    expect(rules({ 'a.js': route("const r = await fetch('https://api.example.com/verify?token=' + encodeURIComponent(req.query.t));\nres.send(await r.json());") })).toEqual([]);
    expect(rules({ 'a.js': route('const r = await fetch(req.query.url);\nres.send(await r.text());') })).toEqual(['js.ssrf-redirect.ssrf-taint:5']);
  });
  it("SQLAlchemy statements built from a Table's methods (Model.__table__.insert().values(...)) bind their values; text() of the input does not", () => {
    const view = (stmt: string) => `from fastapi import FastAPI\nfrom sqlalchemy import text\nfrom .db import db\nfrom .models import Project\n\napp = FastAPI()\n\n\n@app.post('/projects')\nasync def create(name: str):\n    await db.execute(${stmt})\n`;
    expect(rules({ 'a.py': view('Project.__table__.insert().values(name=name)') })).toEqual([]);
    expect(rules({ 'a.py': view("Project.__table__.update().where(Project.id == 1).values(name=name)") })).toEqual([]);
    expect(rules({ 'a.py': view("text('UPDATE projects SET name = ' + name)") })).toEqual(['py.injection.sql-taint:11']);
  });

  it("Django's QueryDict.urlencode() percent-encodes: mark_safe(request.GET.urlencode()) is not XSS; mark_safe of a raw value is", () => {
    const view = (out: string) => `from django.http import HttpResponse\nfrom django.utils.safestring import mark_safe\n\n\ndef page(request):\n    return HttpResponse(${out})\n`;
    expect(rules({ 'a.py': view('mark_safe(request.GET.urlencode())') })).toEqual([]);
    expect(rules({ 'a.py': view("mark_safe(request.GET.get('q', ''))") })).toEqual(['py.xss.reflected-taint:6']);
  });
  it('a value a string method was called on is a string (an object would have thrown): no query operator reaches the filter after it', () => {
    const route = (body: string) => `const express = require('express');\nconst mongoose = require('mongoose');\nconst User = mongoose.model('User');\nconst app = express();\napp.post('/x', async (req, res) => {\n${body}\n});\n`;
    expect(rules({ 'a.js': route("const email = req.body.email;\nconsole.log('login', email.trim());\nres.json(await User.findOne({ email }));") })).toEqual([]);
    expect(rules({ 'a.js': route("const email = req.body.email;\nres.json(await User.findOne({ email }));") })).toEqual(['js.injection.nosql-taint:7']);
  });

  it("Express's res.type('.js') sends a script, not a page: writing input into it is not XSS", () => {
    const route = (type: string) => `const express = require('express');\nconst app = express();\napp.get('/widget.js', (req, res) => {\n  res.type('${type}');\n  res.send('window.config = ' + JSON.stringify({ id: req.query.id }) + ';');\n});\n`;
    expect(rules({ 'a.js': route('.js') })).toEqual([]);
    expect(rules({ 'a.js': route('html') })).toEqual(['js.xss.reflected-taint:5']);
  });
  it("a Mongo filter pinned to the caller's tenant by a server-chosen key is capped (scoped), not an open injection; one comparing a secret is not", () => {
    const route = (filter: string) => `const express = require('express');\nconst mongoose = require('mongoose');\nconst Lead = mongoose.model('Lead');\nconst app = express();\napp.get('/:projectid/leads', async (req, res) => {\n  res.json(await Lead.find(${filter}));\n});\n`;
    const severity = (filter: string) => findings({ 'a.js': route(filter) }).map((f) => `${f.ruleId}:${f.severity}`);
    expect(severity('{ id_project: req.projectid, status: req.query.status }')).toEqual(['js.injection.nosql-taint:low']);
    expect(severity('{ status: req.query.status }')).toEqual(['js.injection.nosql-taint:high']);
    expect(severity('{ id_project: req.projectid, token: req.query.token }')).toEqual(['js.injection.nosql-taint:high']);
    // an identity chosen by an operator in a single-record lookup (acting as another user of the tenant), or a pin only
    // some paths set; in a listing or a count the identity key only widens what the tenant's own list shows
    const one = (filter: string) => findings({ 'a.js': route(filter).replace('Lead.find(', 'Lead.findOne(') }).map((f) => f.severity);
    expect(one('{ id_project: req.projectid, uuid_user: req.body.sender }')).toEqual(['high']);
    expect(severity('{ id_project: req.projectid, uuid_user: req.body.sender }')).toEqual(['js.injection.nosql-taint:low']);
    expect(one('{ id_project: req.projectid, status: req.query.status }')).toEqual(['low']);
    // a field the client names can overwrite the pin (or be an operator): directly, or merged in by Object.assign
    const chosen = (body: string) => findings({ 'a.js': route('q').replace('  res.json(', `  const q = { id_project: req.projectid, status: req.query.status };\n${body}\n  res.json(`) }).map((f) => f.severity);
    expect(chosen('  q[req.query.field] = { $gte: 1 };')).toEqual(['high']);
    expect(chosen('  const range = {};\n  range[req.query.field] = { $gte: req.query.from };\n  Object.assign(q, range);')).toEqual(['high']);
    expect(chosen("  Object.assign(q, { createdAt: { $gte: new Date(0) } });")).toEqual(['low']);
    const sometimes = route('q').replace('  res.json(', '  const q = { status: req.query.status };\n  if (req.query.text) q.id_project = req.projectid;\n  res.json(');
    expect(findings({ 'a.js': sometimes }).map((f) => f.severity)).toEqual(['high']);
  });
  it("dict.update() with a literal adds those keys: column names joined from keys() are constants, the values stay bound parameters; keys from the input are not", () => {
    const view = (extra: string) => `import json\nfrom fastapi import FastAPI\nfrom .db import db\napp = FastAPI()\n\n\n@app.post('/clone')\nasync def clone(database: str):\n    row = await db.fetch_one('SELECT * FROM projects WHERE id = 1')\n    meta = dict(row)\n    meta.update(${extra})\n    columns = ', '.join(meta.keys())\n    await db.execute(f'INSERT INTO projects ({columns}) VALUES (:x)', meta)\n`;
    expect(rules({ 'a.py': view("{'database': database, 'status': 'draft'}") })).toEqual([]);
    expect(rules({ 'a.py': view('json.loads(database)') })).toEqual(['py.injection.sql-taint:13']);
  });
  it("a project helper called with a list of dicts holding input, then with one holding none, answers each call for its own arguments (no trace from another view)", () => {
    const util = "import json as _json\n\n\nclass json(object):\n    @staticmethod\n    def dumps(*args, **kwargs):\n        return _json.dumps(*args, **kwargs)\n";
    const views = "from django.http import HttpResponse\nfrom django.utils.safestring import mark_safe\nfrom .util import json\n\nSCHEMES = [{'name': 'default'}]\n\n\ndef tree(request):\n    nodes = [{'id': request.GET.get('path', '') + '.'}]\n    return HttpResponse(json.dumps(nodes), content_type='application/json')\n\n\ndef dashboard(request):\n    return HttpResponse(mark_safe(json.dumps(SCHEMES)))\n";
    expect(rules({ 'app/util.py': util, 'app/views.py': views, 'app/__init__.py': '' })).toEqual([]);
  });
});

describe('held-out round 23', () => {
  it("an object a by-id getter returns (registry.getDeviceById(id)) is the registry's: its state is not the id", () => {
    const route = (out: string) => `const express = require('express');\nconst app = express();\napp.get('/d/:id', (req, res) => {\n  const device = systemManager.getDeviceById(req.params.id);\n  res.send(${out});\n});\n`;
    expect(rules({ 'a.js': route('device.state.toString()') })).toEqual([]);
    expect(rules({ 'a.js': route("'<p>' + req.params.id + '</p>'") })).toEqual(['js.xss.reflected-taint:5']);
  });
  it('a send() whose options declare a non-HTML Content-Type is not a page; declaring text/html is', () => {
    const route = (type: string) => `const express = require('express');\nconst app = express();\napp.get('/x', (req, res) => {\n  res.send('{"state": "' + req.query.s + '"}', { headers: { 'Content-Type': '${type}' } });\n});\n`;
    expect(rules({ 'a.js': route('application/json') })).toEqual([]);
    expect(rules({ 'a.js': route('text/html') })).toEqual(['js.xss.reflected-taint:4']);
  });
  it("the last segment of a path split on '/' is a basename: no separator to climb out with", () => {
    const route = (name: string) => `const express = require('express');\nconst path = require('path');\nconst app = express();\napp.get('/*.yml', (req, res) => {\n  const file = ${name};\n  res.sendFile(path.join(__dirname, 'user-data', file));\n});\n`;
    expect(rules({ 'a.js': route("req.path.split('/').pop()") })).toEqual([]);
    expect(rules({ 'a.js': route("req.path.split('-').pop()") })).toEqual(['js.path-file.traversal-taint:6']);
    expect(rules({ 'a.py': flask("return send_file('/data/' + request.path.split('/')[-1])") })).toEqual([]);
  });
  it("Node's write()/end() set no type: JSON text (never starting with a tag) is sniffed as text; Express's send() of it is a page", () => {
    const route = (send: string) => `const express = require('express');\nconst app = express();\napp.get('/x', (req, res) => {\n  const body = JSON.stringify({ message: 'Could not read ' + req.query.f });\n  ${send}\n});\n`;
    expect(rules({ 'a.js': route('res.end(body);') })).toEqual([]);
    expect(rules({ 'a.js': route('res.send(body);') })).toEqual(['js.xss.reflected-taint:5']);
    expect(rules({ 'a.js': route("res.end('<p>' + req.query.f + '</p>');") })).toEqual(['js.xss.reflected-taint:5']);
  });
});

describe('held-out round 22', () => {
  it("what a string method returns is a string: no query operator reaches the filter through it (other sinks still see the text)", () => {
    const route = (body: string) => `const express = require('express');\nconst mongoose = require('mongoose');\nconst User = mongoose.model('User');\nconst app = express();\napp.post('/u', async (req, res) => {\n${body}\n});\n`;
    expect(rules({ 'a.js': route("  const email = req.body.email.toLowerCase();\n  res.json(await User.findOne({ email }));") })).toEqual([]);
    expect(rules({ 'a.js': route("  let email = req.body.email;\n  if (email) {\n    email = email.trim();\n  }\n  res.json(await User.findOne({ email }));") })).toEqual([]);
    expect(rules({ 'a.js': route("  const email = req.body.email;\n  res.json(await User.findOne({ email }));") })).toEqual(['js.injection.nosql-taint:7']);
    expect(rules({ 'a.js': route("  res.send('<p>' + req.body.email.trim() + '</p>');") })).toEqual(['js.xss.reflected-taint:6']);
  });

  it("an upload's descriptor (req.file) holds strings and storage-made ids: no query operator; the body still can", () => {
    const route = (value: string) => `const express = require('express');\nconst mongoose = require('mongoose');\nconst File = mongoose.model('File');\nconst app = express();\napp.post('/f', async (req, res) => {\n  res.json(await File.findOne({ name: ${value} }));\n});\n`;
    expect(rules({ 'a.js': route('req.file.originalname') })).toEqual([]);
    expect(rules({ 'a.js': route('req.file.id') })).toEqual([]);
    expect(rules({ 'a.js': route('req.body.name') })).toEqual(['js.injection.nosql-taint:6']);
  });

  it("a key tested against a server object (`type in TYPES`, `!TYPES[type]`, an assert or a helper that throws) is one of its keys", () => {
    const route = (check: string) => `const express = require('express');\nconst path = require('path');\nconst assert = require('assert');\nconst app = express();\nconst TYPES = loadTypes();\nfunction enforce(cond, msg) {\n  if (!cond) throw new Error(msg);\n}\napp.get('/f/:type/:sub', (req, res) => {\n  const { type, sub } = req.params;\n  ${check}\n  res.sendFile(path.join('/files', type, sub));\n});\n`;
    expect(rules({ 'a.js': route("if (!(type in TYPES) || !TYPES[type].files[sub]) return res.sendStatus(404);") })).toEqual([]);
    expect(rules({ 'a.js': route("enforce(type in TYPES && TYPES[type].files[sub], 'no such type');") })).toEqual([]);
    expect(rules({ 'a.js': route("assert(TYPES[type] && TYPES[type].files[sub]);") })).toEqual([]);
    // only one of the two keys checked; a check that does not throw; a lookup in the request itself
    expect(rules({ 'a.js': route("if (!(type in TYPES)) return res.sendStatus(404);") })).toEqual(['js.path-file.traversal-taint:12']);
    expect(rules({ 'a.js': route("console.assert(type in TYPES && TYPES[type].files[sub]);") })).toEqual(['js.path-file.traversal-taint:12']);
    expect(rules({ 'a.js': route("if (!req.query[type] || !req.query[sub]) return res.sendStatus(404);") })).toEqual(['js.path-file.traversal-taint:12']);
  });

  it("the row a filtered query builder fetches (knex(...).where('key', key).first()) is stored data; the key itself is not", () => {
    const route = (body: string) => `const express = require('express');\nconst knex = require('knex')({});\nconst path = require('path');\nconst app = express();\napp.get('/files/:key', async (req, res) => {\n${body}\n});\n`;
    expect(rules({ 'a.js': route("  const entry = await knex('file_cache').where('key', req.params.key).first();\n  res.sendFile(path.join('/var/cache', entry.id.toString()));") })).toEqual([]);
    expect(rules({ 'a.js': route("  await knex('file_cache').where('key', req.params.key).first();\n  res.sendFile(path.join('/var/cache', req.params.key));") })).toEqual(['js.path-file.traversal-taint:7']);
  });

  it('a body an array method ran on is an array: sending it is JSON; its elements written into HTML are still XSS', () => {
    const route = (body: string) => `const express = require('express');\nconst app = express();\napp.use(express.json());\napp.put('/x', (req, res) => {\n  const body = req.body;\n  const names = body.map((c) => c.name);\n${body}\n});\n`;
    expect(rules({ 'a.js': route('  res.send(body);') })).toEqual([]);
    expect(rules({ 'a.js': route("  res.send('<p>' + body[0].name + '</p>');") })).toEqual(['js.xss.reflected-taint:7']);
    expect(rules({ 'a.js': express('  res.send(req.body);') })).toEqual(['js.xss.reflected-taint:4']);
  });

  it("a Flask extension's render_*_template names a template file: the page is autoescaped; rendering a string is not", () => {
    const view = (call: string) => `import flask\nimport flask_themes2\n\nbp = flask.Blueprint('app', __name__)\n\n\n@bp.route('/web/<path:filename>')\ndef render(filename):\n    data = ${call}\n    return flask.Response(data, mimetype='text/html')\n`;
    expect(rules({ 'a.py': view("flask_themes2.render_theme_template('dark', filename)") })).toEqual([]);
    expect(rules({ 'a.py': view('flask.render_template_string(filename)') })).toContain('py.injection.template-taint:9');
  });
});

describe('held-out round 24', () => {
  it("a Buffer's base64url or hex text holds no '.', '/' or markup: a file name built from it stays in its folder", () => {
    const route = (key: string) => `const express = require('express');\nconst fs = require('fs');\nconst path = require('path');\nconst app = express();\napp.get('/img', (req, res) => {\n  const src = req.query.src;\n  const key = ${key};\n  res.send(fs.readFileSync(path.join('/var/cache', key)));\n});\n`;
    expect(rules({ 'a.js': route("Buffer.from(src).toString('base64url') + '.webp'") })).toEqual([]);
    expect(rules({ 'a.js': route("Buffer.from(src, 'utf8').toString('hex')") })).toEqual([]);
    // plain base64 has no '.', so no '..' either; its '/' only descends
    expect(rules({ 'a.js': route("Buffer.from(src).toString('base64')") })).toEqual([]);
    // decoding goes the other way: the text is whatever was encoded
    expect(rules({ 'a.js': route("Buffer.from(src, 'base64').toString('utf8')") })).toEqual(['js.path-file.traversal-taint:8']);
    expect(rules({ 'a.js': route("Buffer.from(src).toString()") })).toEqual(['js.path-file.traversal-taint:8']);
  });

  it("a path found to hold no '..' (p.includes('..') then leave) stays in its folder; a check for another string does not", () => {
    const route = (check: string) => `const express = require('express');\nconst fs = require('fs');\nconst path = require('path');\nconst app = express();\napp.get('/img', (req, res) => {\n  const p = path.normalize(req.query.src);\n  ${check}\n  res.send(fs.readFileSync(path.join('/srv/media', p)));\n});\n`;
    expect(rules({ 'a.js': route("if (p.includes('..') || p.includes('\\0')) throw new Error('bad path');") })).toEqual([]);
    expect(rules({ 'a.js': route("if (!p.includes('..')) { res.send(fs.readFileSync(path.join('/srv/media', p))); return; }") })).toEqual(['js.path-file.traversal-taint:8']);
    expect(rules({ 'a.js': route("if (p.includes('\\0')) throw new Error('bad path');") })).toEqual(['js.path-file.traversal-taint:8']);
  });

  it("a tenant key pinned by a route parameter (a plain string: the tenant the path names) scopes the filter's other keys; a body or query value does not pin", () => {
    const route = (pin: string) => `const express = require('express');\nconst mongoose = require('mongoose');\nconst Event = mongoose.model('Event');\nconst app = express();\napp.get('/:projectid/events', async (req, res) => {\n  res.json(await Event.find({ id_project: ${pin}, channel: req.query.channel }));\n});\n`;
    const severity = (pin: string) => findings({ 'a.js': route(pin) }).map((f) => `${f.ruleId}:${f.severity}`);
    expect(severity('req.params.projectid')).toEqual(['js.injection.nosql-taint:low']);
    // a value from the query or body may itself be an operator ({ $ne: null }): every tenant's records
    expect(severity('req.query.project')).toEqual(['js.injection.nosql-taint:high']);
    expect(severity('req.body.project')).toEqual(['js.injection.nosql-taint:high']);
  });
});

describe('held-out round 25', () => {
  const reply = (body: string) =>
    `from flask import Response, request\n\n\ndef _code():\n    e = request.args.get("httperror", None)\n${body.replace(/^/gm, '    ')}\n    return e\n\n\ndef send_error(exception):\n    code = _code()\n    if code:\n        return Response(response="<p>%s</p>" % code, status=500, mimetype="text/html")\n    return Response("{}", mimetype="application/json")\n`;
  const routes = 'from flask import Blueprint\nfrom app.reply import send_error\n\nbp = Blueprint("a", __name__)\n\n\n@bp.route("/x")\ndef x():\n    return send_error("static")\n\n\n@bp.route("/y")\ndef y():\n    return send_error("other")\n';

  it("a response a helper builds is reported once, where it is built, not again at that line in each route's file", () => {
    expect(rules({ 'app/reply.py': reply(''), 'app/routes.py': routes })).toEqual(['py.xss.reflected-taint:13']);
  });

  it('a value tested against None and converted where it is not None holds only None raw (the converted value elsewhere)', () => {
    const converted = 'if e is not None:\n    try:\n        e = str(int(e))\n    except ValueError:\n        e = "500"';
    expect(rules({ 'app/reply.py': reply(converted), 'app/routes.py': routes })).toEqual([]);
    // converted only where it is None: the text passes raw where it is not
    const wrong = 'if e is None:\n    e = "500"';
    expect(rules({ 'app/reply.py': reply(wrong), 'app/routes.py': routes })).toEqual(['py.xss.reflected-taint:14']);
  });
});

describe('held-out round 25: guards', () => {
  const route = (check: string) => `const express = require('express');\nconst fs = require('fs');\nconst path = require('path');\nconst utils = require('./utils');\nconst app = express();\napp.post('/t', (req, res) => {\n  ${check}\n  fs.writeFileSync(path.join('/srv/templates', req.body.name + '.docx'), 'x');\n  res.send('ok');\n});\n`;

  it("a project helper that returns an allow-list regex's test of its argument validates it where it returns true", () => {
    const helper = (body: string) => `function validFilename(filename) {\n${body}\n}\nexports.validFilename = validFilename;\n`;
    const guarded = route("if (!utils.validFilename(req.body.name)) return res.status(400).send('bad');");
    expect(rules({ 'a.js': guarded, 'utils.js': helper("  const regex = /^[\\p{Letter}0-9 _-]+$/iu;\n  return (regex.test(filename));") })).toEqual([]);
    expect(rules({ 'a.js': guarded, 'utils.js': helper('  return /^[a-z0-9_-]+$/i.test(filename);') })).toEqual([]);
    // a helper whose result does not depend on the test proves nothing; nor does ignoring the helper's answer
    expect(rules({ 'a.js': guarded, 'utils.js': helper('  /^[a-z0-9_-]+$/i.test(filename);\n  return true;') })).toEqual(['js.path-file.traversal-taint:8']);
    expect(rules({ 'a.js': route('utils.validFilename(req.body.name);'), 'utils.js': helper('  return /^[a-z0-9_-]+$/i.test(filename);') })).toEqual(['js.path-file.traversal-taint:8']);
  });

  it('a containment check against a base folder the operator configured (process.env) holds; against a request value it does not', () => {
    const check = (base: string) => `const express = require('express');\nconst fs = require('fs');\nconst path = require('path');\nconst storeDir = ${base};\nconst app = express();\napp.get('/f', (req, res) => {\n  const p = path.resolve(storeDir, req.query.p);\n  if (!p.startsWith(storeDir + path.sep)) throw new Error('Path not allowed');\n  res.send(fs.readFileSync(p));\n});\n`;
    expect(rules({ 'a.js': check("process.env.STORE_DIR || '/data'") })).toEqual([]);
    expect(rules({ 'a.js': check("'/data'") })).toEqual([]);
    const fromRequest = `const express = require('express');\nconst fs = require('fs');\nconst path = require('path');\nconst app = express();\napp.get('/f', (req, res) => {\n  const p = path.resolve('/data', req.query.p);\n  if (!p.startsWith(req.query.base)) throw new Error('Path not allowed');\n  res.send(fs.readFileSync(p));\n});\n`;
    expect(rules({ 'a.js': fromRequest })).toEqual(['js.path-file.traversal-taint:8']);
  });
});

describe('held-out round 25: server-side bases', () => {
  const view = (url: string) => `import os\nimport requests\nfrom flask import Flask, request\napp = Flask(__name__)\nES_URL = os.environ.get('ES_URL')\n\n@app.route('/doc')\ndef doc():\n    d = request.args['id']\n    return requests.get(${url}).text\n`;

  it("a request under a configured base and a '/' keeps the base's host", () => {
    expect(rules({ 'a.py': view('f"{ES_URL}/ta_channel/_doc/{d}"') })).toEqual([]);
    const settings = "class EnvironmentSettings:\n    ES_URL = os.environ.get('ES_URL')\n";
    expect(rules({ 'a.py': view('f"{EnvironmentSettings.ES_URL}/{d}"').replace('ES_URL = ', 'X = ') + settings })).toEqual([]);
    expect(rules({ 'a.py': view('f"{settings.SEARCH_URL}/{d}"').replace("ES_URL = os.environ.get('ES_URL')", 'from django.conf import settings') })).toEqual([]);
  });

  it('input right after the base, or at the start, can still move the host', () => {
    expect(rules({ 'a.py': view('f"{ES_URL}{d}"') })).toEqual(['py.ssrf-redirect.ssrf-taint:10']);
    expect(rules({ 'a.py': view('f"{d}/x"') })).toEqual(['py.ssrf-redirect.ssrf-taint:10']);
    expect(rules({ 'a.py': view('f"{ES_URL}//{d}"') })).toEqual(['py.ssrf-redirect.ssrf-taint:10']);
  });
});

describe('held-out round 25: regular expressions', () => {
  it("a search text escaped for a regular expression (the MDN idiom, lodash's escapeRegExp) matches literally; unescaped it is a pattern", () => {
    const route = (term: string, imports = '') => `${imports}const express = require('express');\nconst app = express();\napp.get('/s', (req, res) => {\n  const re = new RegExp(${term}, 'i');\n  res.json({ ok: re.test('x') });\n});\n`;
    expect(rules({ 'a.js': route("req.query.q.replace(/[.*+?^${}()|[\\]\\\\]/g, '\\\\$&')") })).toEqual([]);
    expect(rules({ 'a.js': route('_.escapeRegExp(req.query.q)', "const _ = require('lodash');\n") })).toEqual([]);
    expect(rules({ 'a.js': route("req.query.q.replace(/[.]/g, '\\\\$&')") })).toEqual(['js.dos-redos.regex-taint:4']);
    expect(rules({ 'a.js': route('req.query.q') })).toEqual(['js.dos-redos.regex-taint:4']);
  });
});

describe('held-out round 25: fixed text inside the input part', () => {
  it("a fixed host followed by a part that starts with '/' (an endpoint built from input) keeps the host", () => {
    const view = (endpoint: string) => `import requests\nfrom flask import Flask, request\napp = Flask(__name__)\nBASE = 'https://app.example.com'\n\n@app.route('/p')\ndef p():\n    endpoint = ${endpoint}\n    return requests.get(f"{BASE}{endpoint}").text\n`;
    expect(rules({ 'a.py': view('f"/api/v2/projects/{request.args[\'key\']}"') })).toEqual([]);
    expect(rules({ 'a.py': view("request.args['path']") })).toEqual(['py.ssrf-redirect.ssrf-taint:9']);
  });
});

describe('held-out round 25 (corpus re-run): mappings updated with input', () => {
  it("a mapping updated with form input holds it among its items; an attribute its class computes reads it only unproven", () => {
    const view = (read: string) => `import copy\nfrom flask import Flask, request\nfrom store import datastore\napp = Flask(__name__)\n\n@app.route('/preview', methods=['POST'])\ndef preview():\n    watch = copy.deepcopy(datastore.get(request.args.get('uuid')))\n    watch.update({k: v for k, v in request.form.items()})\n    with open(${read}, 'rb') as f:\n        return f.read()\n`;
    const sev = (read: string) => findings({ 'a.py': view(read), 'store.py': 'datastore = {}\n' }).map((f) => `${f.ruleId}:${f.severity}`);
    expect(sev('watch.data_dir + "/latest.html"').every((s) => !/:(high|critical)$/.test(s))).toBe(true);
    expect(sev('watch["path"]')).toEqual(['py.path-file.traversal-taint:high']);
  });
});

describe('held-out round 26: bodies that are objects', () => {
  const route = (body: string) => `const express = require('express');\nconst { Pool } = require('pg');\nconst db = new Pool();\nconst helper = require('./helper');\nconst app = express();\napp.get('/x', async (req, res) => {\n${body}\n});\n`;

  it("a pg query's result rows are the database's rows, sent as JSON; the query text built from input is still SQL injection", () => {
    expect(rules({ 'a.js': route("  const { rows } = await db.query('select * from activity($1)', [req.query.user]);\n  res.send(rows);"), 'helper.js': '' })).toEqual([]);
    expect(rules({ 'a.js': route("  const { rows } = await db.query(`select * from t where id = '${req.query.id}'`);\n  res.send(rows);"), 'helper.js': '' })).toEqual(['js.injection.sql-taint:7']);
  });

  it('an array the handler pushed input into, or filtered, is JSON when sent', () => {
    expect(rules({ 'a.js': route('  let keys = helper.settings().keys || [];\n  if (keys.includes(req.query.k)) keys = keys.filter((x) => x !== req.query.k);\n  else keys.push(req.query.k);\n  res.send(keys);'), 'helper.js': 'exports.settings = () => ({})\n' })).toEqual([]);
  });

  it("a value whose property the handler reads is an object: sending it is JSON; sending its text field is a page", () => {
    const body = (sent: string) => `  const validation = await helper.validate(req.query.url);\n  if (validation.isValid === false) return res.send(${sent});\n  res.send('ok');`;
    const helper = 'exports.validate = async function (url) { return require("./other").check(url); }\n';
    expect(rules({ 'a.js': route(body('validation')), 'helper.js': helper })).toEqual([]);
    expect(rules({ 'a.js': route(body('req.query.url')), 'helper.js': helper })).toEqual(['js.xss.reflected-taint:8']);
  });
});

describe('held-out round 26: Python responses and patterns', () => {
  it("a helper returning JSON on every path but an empty ('', 204) tuple returns no page; returning the input as text does", () => {
    const helper = (other: string) => `from flask import Flask, request, jsonify\napp = Flask(__name__)\n\ndef answer(method, value):\n    if method == 'ping':\n        return ${other}\n    return jsonify({'result': value})\n\n@app.route('/rpc')\ndef rpc():\n    return answer(request.args.get('method'), request.args.get('value'))\n`;
    expect(rules({ 'a.py': helper('("", 204)') })).toEqual([]);
    const pages = `from flask import Flask, request\napp = Flask(__name__)\n\ndef answer(method, value):\n    if method == 'ping':\n        return ("", 204)\n    return ("<p>" + value, 200)\n\n@app.route('/rpc')\ndef rpc():\n    return answer(request.args.get('method'), request.args.get('value'))\n`;
    expect(rules({ 'a.py': pages })).toEqual(['py.xss.reflected-taint:11']);
  });

  it('a content type set from a fixed non-HTML start (f"application/x-git-{service}-result") is not a page', () => {
    const body = (set: string) => `r = make_response('IP: ' + request.args['ip'])\n${set}\nreturn r`;
    expect(rules({ 'a.py': flask(body("r.mimetype = f\"application/x-git-{request.args['s']}-result\""), 'from flask import make_response') })).toEqual([]);
    expect(rules({ 'a.py': flask(body("r.mimetype = f\"text/{request.args['s']}\""), 'from flask import make_response') })).toEqual(['py.xss.reflected-taint:7']);
  });

  it('re.escape(x) matches x literally', () => {
    const view = (pattern: string) => `import re\nfrom flask import Flask, request\napp = Flask(__name__)\n\n@app.route('/s')\ndef s():\n    return str(re.compile(${pattern}).search('x'))\n`;
    expect(rules({ 'a.py': view("'^' + re.escape(request.args['q'])") })).toEqual([]);
    expect(rules({ 'a.py': view("'^' + request.args['q']") })).toEqual(['py.dos-redos.regex-taint:7']);
  });
});

describe('corpus re-run: URL-encoded values', () => {
  it("urlencode of a dict with fixed keys, or quote_plus, puts the input in a query string: it picks no host; quote keeps '/' and can", () => {
    const view = (url: string) => `import urllib.parse\nimport requests\nfrom flask import Flask, request\napp = Flask(__name__)\n\n@app.route('/u')\ndef u():\n    f = request.args['f']\n    return requests.get(${url}).text\n`;
    expect(rules({ 'a.py': view('"https://{}/api/uploads?{}".format(HOST, urllib.parse.urlencode({"filename": f}))').replace("app = Flask", "HOST = 'x.example'\napp = Flask") })).toEqual([]);
    expect(rules({ 'a.py': view('urllib.parse.quote_plus(f)') })).toEqual([]);
    expect(rules({ 'a.py': view('urllib.parse.quote(f)') })).toEqual(['py.ssrf-redirect.ssrf-taint:9']);
  });
});

describe("round 27: a page's own URL in browser code", () => {
  it('fetch() of a URL built from location.href is the browser calling it, not SSRF; a server fetch of request data is', () => {
    const page = "async function load(id) {\n  const url = new URL(location.href);\n  url.searchParams.set('row', id);\n  const r = await fetch(url.toString());\n  return r.json();\n}\n";
    expect(rules({ 'static/app.js': page })).toEqual([]);
    expect(rules({ 'a.js': express("fetch(req.query.url).then((r) => r.text()).then((t) => res.json({ t }));") })).toEqual(['js.ssrf-redirect.ssrf-taint:4']);
  });
  it('location.hash written as markup is still DOM XSS', () => {
    expect(rules({ 'static/app.js': "document.getElementById('o').innerHTML = decodeURIComponent(location.hash.slice(1));\n" })).toEqual(['js.xss.reflected-taint:1']);
  });
});

describe('round 27: a copy of a mapping with some keys replaced', () => {
  it("dict(base, q=x) taints the key it set, not the copy's other keys; a copy of request data stays tainted", () => {
    expect(rules({ 'a.py': flask("d = dict(BASE, q=request.args['x'])\nos.system(d['cmd'])\nreturn 'ok'", 'import os\nBASE = {"cmd": "ls"}') })).toEqual([]);
    expect(rules({ 'a.py': flask("d = dict({'cmd': 'ls'}, q=request.args['x'])\nos.system(d['q'])\nreturn 'ok'", 'import os') })).toEqual(['py.injection.command-taint:8']);
    expect(rules({ 'a.py': flask("d = dict(request.args, q='ls')\nos.system(d['c'])\nreturn 'ok'", 'import os') })).toEqual(['py.injection.command-taint:8']);
    // a key the copy does not name, read with a default, is still one of the request's keys
    expect(rules({ 'a.py': flask("d = dict(request.args, q='ls')\nos.system(d.get('c', 'x'))\nreturn 'ok'", 'import os') })).toEqual(['py.injection.command-taint:8']);
    expect(rules({ 'a.py': flask("d = dict((k, v) for k, v in request.args.items())\nos.system(d.get('c', ''))\nreturn 'ok'", 'import os') })).toEqual(['py.injection.command-taint:8']);
  });
});

describe('round 27: declared return types', () => {
  const helpers = "import io\n\ndef export(q) -> tuple[str, io.BytesIO]:\n    return q, io.BytesIO(q.encode())\n\ndef count(q) -> int:\n    return q\n\ndef name(q) -> tuple[str, int]:\n    return q, 1\n";
  it('a function declared to return a file object or an int returns no path; a str part of its tuple does', () => {
    expect(rules({ 'h.py': helpers, 'a.py': flask("n, data = export(request.args['q'])\nreturn send_file(data, as_attachment=True, download_name='x.csv')", 'from h import export') })).toEqual([]);
    expect(rules({ 'h.py': helpers, 'a.py': flask("return send_file('/srv/' + str(count(request.args['q'])))", 'from h import count') })).toEqual([]);
    expect(rules({ 'h.py': helpers, 'a.py': flask("n, k = name(request.args['q'])\nreturn send_file(n)", 'from h import name') })).toEqual(['py.path-file.traversal-taint:8']);
  });
});

describe("round 27: the application's own objects kept on flask.g", () => {
  it('a method of an object on g is unknown: the flow is kept, unproven (low for a path); a direct join stays high', () => {
    const found = findings({ 'a.py': flask("data = g.ledger.shell.to_file(request.args['q'])\nreturn send_file(data)", 'from flask import g') });
    expect(found.map((f) => `${f.ruleId}:${f.severity}`)).toEqual(['py.path-file.traversal-taint:low']);
    const direct = findings({ 'a.py': flask("return send_file(os.path.join('/srv', request.args['q']))", 'import os') });
    expect(direct.map((f) => `${f.ruleId}:${f.severity}`)).toEqual(['py.path-file.traversal-taint:high']);
  });
});

describe('held-out vulnerable apps: a Buffer sent by Express', () => {
  it("execSync's Buffer is sent as application/octet-stream; its text (an encoding, toString()) is a page", () => {
    const base = "const { execSync } = require('child_process');\n";
    expect(rules({ 'a.js': base + express("const out = execSync('ping ' + req.query.h);\nres.send(out);") }).filter((r) => r.includes('xss'))).toEqual([]);
    expect(rules({ 'a.js': base + express("const out = execSync('ping ' + req.query.h, { encoding: 'utf8' });\nres.send(out);") }).filter((r) => r.includes('xss'))).toEqual(['js.xss.reflected-taint:6']);
    expect(rules({ 'a.js': base + express("const out = execSync('ping ' + req.query.h);\nres.send('<pre>' + out.toString() + '</pre>');") }).filter((r) => r.includes('xss'))).toEqual(['js.xss.reflected-taint:6']);
  });
});

describe('round 27: input glued to fixed text inside one path component', () => {
  it("f'{id}_{name}' starts the component with other text: open() resolves '5_..' only through a directory of that name; 'dir/' + name climbs", () => {
    const py = flask("f = request.files['file']\nname = f\"{aid}_{f.filename}\"\nopen(os.path.join('/srv/up', name), 'wb').write(b'x')\nopen(os.path.join('/srv/up', f\"{aid}/{f.filename}\"), 'wb').write(b'x')\nreturn 'ok'", 'import os\naid = 5');
    expect(rules({ 'a.py': py })).toEqual(['py.path-file.traversal-taint:11']);
  });
  it("a lexical normalization (os.path.normpath, Node's path.join) drops '5_..' with the '..' after it: the input climbs again", () => {
    const py = flask("f = request.files['file']\nopen(os.path.normpath('/srv/up/' + str(aid) + '_' + f.filename), 'wb').write(b'x')\nreturn 'ok'", 'import os\naid = 5');
    expect(rules({ 'a.py': py })).toEqual(['py.path-file.traversal-taint:9']);
    const js = "const fs = require('fs');\nconst path = require('path');\n" + express("fs.writeFileSync(path.join('/srv', Date.now() + '-' + req.query.name), 'x');\nres.send('ok');");
    expect(rules({ 'a.js': js })).toEqual(['js.path-file.traversal-taint:6']);
  });
  it('a slice or a method of the glued text may drop its fixed start: the input climbs again', () => {
    const py = (expr: string) => flask(`s = 'help' + request.args['p']\nopen('/srv/up/' + ${expr}).read()\nreturn 'ok'`, 'import os');
    expect(rules({ 'a.py': py('s[4:]') })).toEqual(['py.path-file.traversal-taint:8']);
    expect(rules({ 'a.py': py("s.split('help', 1)[1]") })).toEqual(['py.path-file.traversal-taint:8']);
    expect(rules({ 'a.py': py('s') })).toEqual([]);
  });
});

describe('round 27: a helper returning any(...) of a check', () => {
  it("any(p.is_relative_to(d) for d in DIRS) or any(name == d.filename for d in docs) confines the input; any(d in name ...) does not", () => {
    const app = (test: string) =>
      `from flask import Flask, request, send_file, abort\nfrom pathlib import Path\napp = Flask(__name__)\nDIRS = ['/srv/a', '/srv/b']\n\ndef allowed(filename, docs):\n    if any(filename == d.filename for d in docs):\n        return True\n    file_path = Path(filename).resolve()\n    return any(${test} for d in DIRS)\n\n@app.route('/doc')\ndef doc():\n    filename = request.args.get('filename', '')\n    if allowed(filename, []):\n        return send_file(filename)\n    return abort(404)\n`;
    expect(rules({ 'a.py': app('file_path.is_relative_to(d)') })).toEqual([]);
    expect(rules({ 'a.py': app('d in filename') })).toEqual(['py.path-file.traversal-taint:16']);
  });
});

describe('held-out vulnerable apps (session 18): Connexion, Python 2 file(), unanchored regex checks', () => {
  it("connexion.request is Flask's request: its JSON body reaches SQL", () => {
    const py = "import connexion\nimport sqlite3\n\ndef get_token():\n    data = connexion.request.get_json()\n    c = sqlite3.connect('a.db').cursor()\n    c.execute(\"SELECT * FROM users WHERE name = '%s'\" % data.get('username'))\n    return {}, 200\n";
    expect(rules({ 'a.py': py })).toEqual(['py.injection.sql-taint:7']);
    expect(rules({ 'a.py': py.replace("% data.get('username')", "% int(data.get('username'))") })).toEqual([]);
  });
  it("Python 2's file(path) opens the path as open() does", () => {
    expect(rules({ 'a.py': flask("return file('/srv/forms/' + request.args['name']).read()") }).filter((r) => r.includes('traversal'))).toEqual(['py.path-file.traversal-taint:7']);
    expect(rules({ 'a.py': flask("return file('/srv/forms/report.pdf').read()") })).toEqual([]);
  });
  it('re.search proves the whole value only when anchored at both ends; re.match needs the end anchor', () => {
    const py = (check: string) => flask(`name = request.args['name']\nif ${check}:\n    return open('/srv/up/' + name).read()\nreturn 'no'`, 'import re');
    expect(rules({ 'a.py': py("re.search('([a-z]+)*[0-9]', name)") })).toEqual(['py.path-file.traversal-taint:9']);
    expect(rules({ 'a.py': py("re.match('[a-z0-9]+', name)") })).toEqual(['py.path-file.traversal-taint:9']);
    expect(rules({ 'a.py': py("re.search('^[a-z0-9]+$', name)") })).toEqual([]);
    expect(rules({ 'a.py': py("re.match(r'[a-z0-9]+\\Z', name)") })).toEqual([]);
    expect(rules({ 'a.py': py("re.fullmatch('[a-z0-9]+', name)") })).toEqual([]);
    expect(rules({ 'a.py': py('re.match(NAME_PATTERN, name)') })).toEqual([]);
  });
  it("Django's request.FILES[...] is an upload object: ZipFile reads it; its .name is the client's text", () => {
    const view = (expr: string) => `import zipfile\nfrom django.http import HttpResponse\n\ndef upload(request):\n    f = ${expr}\n    return HttpResponse(str(len(zipfile.ZipFile(f).namelist())))\n`;
    expect(rules({ 'views.py': view("request.FILES['data']") }).filter((r) => r.includes('traversal'))).toEqual([]);
    expect(rules({ 'views.py': view("request.FILES.get('data')") }).filter((r) => r.includes('traversal'))).toEqual([]);
    expect(rules({ 'views.py': view("'/srv/up/' + request.FILES['data'].name") }).filter((r) => r.includes('traversal'))).toEqual(['py.path-file.traversal-taint:6']);
  });
});

describe('round 30: a value read from a key-value store is the stored value, not the key', () => {
  it('ioredis/redis: the record a request key selects holds what the server stored; the key itself still reaches the sink', () => {
    const db = "const Redis = require('ioredis');\nmodule.exports.redis = new Redis();\n";
    const route = (read: string) => "const fs = require('fs');\nconst { redis } = require('./db');\n" + express(`${read}\nfs.createReadStream(info.filePath).pipe(res);`);
    expect(rules({ 'db.js': db, 'a.js': route("const info = await redis.hgetall('exp:' + req.params.id);") })).toEqual([]);
    expect(rules({ 'a.js': "const fs = require('fs');\nconst { createClient } = require('redis');\nconst client = createClient();\n" + express("const filePath = await client.get('f:' + req.query.k);\nfs.createReadStream(filePath).pipe(res);") })).toEqual([]);
    expect(rules({ 'db.js': db, 'a.js': route("const info = { filePath: '/exports/' + req.params.id };\nawait redis.hgetall('exp:' + req.params.id);") })).toEqual(['js.path-file.traversal-taint:8']);
  });
  it('redis-py and Django’s cache: get(key) returns the stored value', () => {
    expect(rules({ 'a.py': flask("p = r.get('f:' + request.args['k'])\nreturn send_file(p)", 'import redis\nr = redis.Redis()') })).toEqual([]);
    expect(rules({ 'a.py': flask("p = cache.get('f:' + request.args['k'])\nreturn send_file(p)", 'from django.core.cache import cache') })).toEqual([]);
    expect(rules({ 'a.py': flask("r.get('f:' + request.args['k'])\nreturn send_file('/srv/' + request.args['k'])", 'import redis\nr = redis.Redis()') })).toEqual(['py.path-file.traversal-taint:9']);
  });
});

describe('keyword arguments spread from a mapping (**kwargs)', () => {
  const call = (opts: string) => flask(`opts = ${opts}\nreturn requests.get(timeout=30, **opts).text`, 'import requests');
  it('a request value only in the headers of **{url, headers} does not choose where the request goes', () => {
    expect(rules({ 'a.py': call("{'url': 'https://api.example.com/v1/items', 'headers': {'Host': request.host}}") })).toEqual([]);
  });
  it('a request value as the url key of the spread mapping, or a mapping we cannot read, still does', () => {
    expect(rules({ 'a.py': call("{'url': request.args['u'], 'headers': {}}") })).toEqual(['py.ssrf-redirect.ssrf-taint:8']);
    expect(rules({ 'a.py': call("dict(request.args)") })).toEqual(['py.ssrf-redirect.ssrf-taint:8']);
  });
});

describe("a namespace import's default (import * as axios; axios.default.get)", () => {
  it('is the package itself: its sinks apply', () => {
    const app = (call: string) => `import * as axios from 'axios';\nconst express = require('express');\nconst app = express();\napp.post('/fetch', async (req, res) => {\n  const r = await ${call};\n  res.json(r.data);\n});\n`;
    expect(rules({ 'a.ts': app('axios.default.get(req.body.url)') })).toEqual(['js.ssrf-redirect.ssrf-taint:5']);
    expect(rules({ 'a.ts': app("axios.default.get('https://api.example.com/v1/' + encodeURIComponent(req.body.id))") })).toEqual([]);
  });
});

describe('a whole request container passed to path.join', () => {
  it('throws (an object is not a path segment): no path is built; one of its values still is', () => {
    const body = (seg: string) => `const path = require('path');\nconst fs = require('fs');\nconst express = require('express');\nconst app = express();\napp.post('/x/:name', (req, res) => {\n  const dir = path.join(process.cwd(), 'reports', ${seg});\n  fs.unlinkSync(dir);\n  res.end();\n});\n`;
    expect(rules({ 'a.js': body('req.params') })).toEqual([]);
    expect(rules({ 'a.js': body('req.params.name') })).toEqual(['js.path-file.traversal-taint:7']);
  });
});

describe('a URL whose host is followed by a configured port', () => {
  it("'http://localhost:' + port + '/api/' + id (or a configured base instead) stays on that host; 'http://' + host + '/api/' + id does not", () => {
    const app = `const axios = require('axios');\nconst express = require('express');\nconst app = express();\nconst port = process.env.PORT || '3000';\nlet BASE = 'http://localhost:' + port + '/modules/ext/';\nif (process.env.BOT_URL) BASE = process.env.BOT_URL + '/ext/';\nfunction one(id) {\n  return axios({ url: BASE + 'reserved/' + id });\n}\nfunction bad(host, id) {\n  return axios({ url: 'http://' + host + '/modules/x/' + id });\n}\napp.get('/r/:id', async (req, res) => {\n  const a = await one(req.params.id);\n  const b = await bad(req.query.host, req.params.id);\n  res.json([a.data, b.data]);\n});\n`;
    expect(rules({ 'a.js': app })).toEqual(['js.ssrf-redirect.ssrf-taint:11']);
  });
});

describe('round 32: a URL whose start the server chose, and callables injected at run time', () => {
  it("a base read from server state, then '/', then input (or no value at all): the base decides the host; input right after the scheme still does", () => {
    const app = `const express = require('express');\nconst router = express.Router();\nlet idx = 0;\nconst pick = async (retrieveSet, name, provider) => {\n  const servers = await retrieveSet(name);\n  if (!servers.length) return;\n  const f = servers[idx++ % servers.length];\n  return \`\${f}/v1/messaging/\${provider}\`;\n};\nrouter.post('/:provider', async (req, res) => {\n  const { retrieveSet } = req.app.locals;\n  const url = await pick(retrieveSet, 'fs-urls', req.params.provider);\n  const r = await fetch(url, { method: 'POST' });\n  const scheme = await retrieveSet('scheme');\n  const s = await fetch(\`\${scheme}://\${req.query.host}/x\`);\n  res.json([r.status, s.status]);\n});\nmodule.exports = router;\n`;
    expect(rules({ 'a.js': app })).toEqual(['js.ssrf-redirect.ssrf-taint:15']);
  });

  it("a record fetched by a data-access function the app injects at run time (req.app.locals) is stored data, not the key", () => {
    const app = `const express = require('express');\nconst router = express.Router();\nrouter.post('/calls/:sid', async (req, res) => {\n  const { retrieveCall } = req.app.locals;\n  const call = await retrieveCall(req.params.sid);\n  const r = await fetch(\`\${call.serviceUrl}/\${process.env.API_VERSION || 'v1'}/updateCall/\${req.params.sid}\`, { method: 'POST' });\n  const direct = await fetch(req.query.url);\n  res.json([r.status, direct.status]);\n});\nmodule.exports = router;\n`;
    expect(sevOf({ 'a.js': app }).filter((s) => s.startsWith('js.ssrf'))).toEqual(['js.ssrf-redirect.ssrf-taint:7:high']);
  });

  it('a record loaded by a key through a data-access function from another package is stored data, not the key', () => {
    const app = "import { findGitlabById } from '@acme/server';\nconst express = require('express');\nconst app = express();\napp.get('/cb', async (req, res) => {\n  const gitlab = await findGitlabById(req.query.gitlabId);\n  const base = gitlab.internalUrl || gitlab.url;\n  const r = await fetch(`${new URL(base)}/oauth/token`);\n  const direct = await fetch(normalize(req.query.url));\n  res.json([r.status, direct.status]);\n});\n";
    expect(sevOf({ 'a.js': app }).filter((s) => s.startsWith('js.ssrf'))).toEqual(['js.ssrf-redirect.ssrf-taint:8:high']);
    const py = "from flask import Flask, request\nimport requests\nfrom acme.store import get_hook_by_id\napp = Flask(__name__)\n\n@app.route('/x')\ndef view():\n    hook = get_hook_by_id(request.args['id'])\n    requests.post(hook.url, timeout=5)\n    return 'ok'\n";
    expect(rules({ 'a.py': py }).filter((r) => r.startsWith('py.ssrf'))).toEqual([]);
  });

  it("a webhook event the provider's SDK verified by signature is the provider's data; the raw body is not", () => {
    const app = "import Stripe from 'stripe';\nconst stripe = new Stripe(process.env.KEY);\nexport default async function handler(req, res) {\n  const event = stripe.webhooks.constructEvent(req.body, req.headers['stripe-signature'], process.env.SECRET);\n  await fetch(event.data.object.invoice_pdf);\n  const raw = JSON.parse(req.body);\n  await fetch(raw.data.object.invoice_pdf);\n  res.end();\n}\n";
    expect(sevOf({ 'a.js': app }).filter((s) => s.startsWith('js.ssrf'))).toEqual(['js.ssrf-redirect.ssrf-taint:7:high']);
  });
});

describe('round 34: arguments spread from a rest parameter keep their positions', () => {
  it('input in the options a wrapper passes on is not input in the URL; input in the URL is', () => {
    const wrapper = "import nodeFetch from 'node-fetch';\nexport default function fetch(...params) {\n  return nodeFetch(...params);\n}\n";
    const handler = (call: string) =>
      `import fetch from './fetch';\nimport express from 'express';\nconst app = express();\napp.get('/x', async (req, res) => {\n  const token = req.headers.authorization;\n  const r = await ${call};\n  res.json(await r.json());\n});\n`;
    const headersOnly = rules({ 'fetch.js': wrapper, 'a.js': handler("fetch(new URL('/certificates', 'http://config:3040'), { headers: { Authorization: token } })") });
    expect(headersOnly.filter((r) => r.includes('ssrf'))).toEqual([]);
    const inUrl = rules({ 'fetch.js': wrapper, 'a.js': handler('fetch(req.query.url, { headers: { Authorization: token } })') });
    expect(inUrl.filter((r) => r.includes('ssrf'))).toEqual(['js.ssrf-redirect.ssrf-taint:3']);
  });
});

describe('round 34: new URL(relative path, server base) stays on the base host', () => {
  it("a reference that starts with a path segment cannot move the host; a bare input or '//' start can", () => {
    const app = (rel: string) => express(`  const base = process.env.ASSISTANT_URL;\n  const target = new URL(${rel}, base);\n  fetch(target).then((r) => res.json({ ok: r.ok }));`);
    expect(rules({ 'a.js': app("'assets/' + req.params.path") }).filter((r) => r.includes('ssrf'))).toEqual([]);
    expect(rules({ 'a.js': app("'/api/v1/' + req.query.id") }).filter((r) => r.includes('ssrf'))).toEqual([]);
    expect(rules({ 'a.js': app('req.query.path') }).filter((r) => r.includes('ssrf'))).toEqual(['js.ssrf-redirect.ssrf-taint:6']);
    expect(rules({ 'a.js': app("'/' + req.query.path") }).filter((r) => r.includes('ssrf'))).toEqual(['js.ssrf-redirect.ssrf-taint:6']);
  });
});


describe('round 34: a GraphQL schema executes GraphQL, not SQL', () => {
  it("graphene's schema.execute(query) of the client's document is no SQL injection; a cursor's execute of the same text is", () => {
    const gql = 'import graphene\n\nclass Query(graphene.ObjectType):\n    hello = graphene.String()\n\nschema = graphene.Schema(query=Query)\n';
    const app =
      "from flask import Flask, request, jsonify\nfrom gql import schema\nimport sqlite3\napp = Flask(__name__)\n\n@app.route('/graphql', methods=['POST'])\ndef gq():\n    q = request.json.get('query')\n    r = schema.execute(q)\n    sqlite3.connect('a.db').cursor().execute(q)\n    return jsonify(r.data)\n";
    expect(rules({ 'gql.py': gql, 'app.py': app })).toEqual(['py.injection.sql-taint:10']);
  });
});

describe('held-out round 36', () => {
  it('os.path.commonpath/commonprefix([root, p]) == root contains p; the branch where it fails does not', () => {
    const view = (test: string) => flask(`path = os.path.normpath(os.path.join(ROOT, request.args['p']))\n${test}\nreturn open(path).read()`, "import os\nROOT = '/srv/www'");
    expect(rules({ 'a.py': view("if os.path.commonpath([ROOT, path]) != ROOT:\n    return 'bad', 400") })).toEqual([]);
    expect(rules({ 'a.py': view("if os.path.commonprefix([ROOT, path]) != ROOT:\n    raise ValueError(path)") })).toEqual([]);
    expect(rules({ 'a.py': view("if os.path.commonpath([ROOT, path]) == ROOT:\n    print('inside')") })).toEqual(['py.path-file.traversal-taint:11']);
  });

  it('a repository the app hangs on the request returns stored records; a value read from the request itself does not', () => {
    const route = (use: string) => express(`const program = await req.ctx.programs.getProgramById(req.params.id);\nconst art = program.artwork.find((a) => a.kind === req.params.kind);\nawait require('axios').get(${use});\nres.end();`).replace('(req, res)', 'async (req, res)');
    expect(rules({ 'a.js': route('art.sourcePath') })).toEqual([]);
    expect(rules({ 'a.js': route('req.query.u') })).toEqual(['js.ssrf-redirect.ssrf-taint:6']);
  });
});

describe('JS query builders resolve to rows', () => {
  it("the rows of db.select().from(t).where(eq(t.id, id)) are stored data; the id itself is not", () => {
    const route = (use: string) => express(`const { eq } = require('drizzle-orm');\nconst rows = await db.select({ p: files.path }).from(files).where(eq(files.owner, req.params.id));\nfor (const row of rows) require('fs').rmSync(${use});\nres.end();`).replace('(req, res)', 'async (req, res)');
    expect(rules({ 'a.js': route('row.p') })).toEqual([]);
    expect(rules({ 'a.js': route("'/srv/' + req.params.id") })).toEqual(['js.path-file.traversal-taint:6']);
    const knex = express("const rows = await knex('files').where({ owner: req.params.id }).limit(5);\nrequire('fs').rmSync(rows[0].path);\nres.end();").replace('(req, res)', 'async (req, res)');
    expect(rules({ 'a.js': knex })).toEqual([]);
  });
});

describe('held-out round 37', () => {
  it("http.request through the project's SSRF-filtering DNS lookup (lookup: ssrfSafeLookup) connects only where it approved", () => {
    const route = (lookup: string) => express(`const http = require('http');\nfunction ssrfSafeLookup(host, opts, cb) { require('dns').lookup(host, opts, cb); }\nfunction plainLookup(host, opts, cb) { require('dns').lookup(host, opts, cb); }\nconst options = { hostname: req.query.host, path: '/status'${lookup} };\nhttp.request(options).end();\nres.end();`);
    expect(rules({ 'a.js': route(', lookup: ssrfSafeLookup') })).toEqual([]);
    expect(rules({ 'a.js': route(', lookup: plainLookup') })).toEqual(['js.ssrf-redirect.ssrf-taint:8']);
    expect(rules({ 'a.js': route('') })).toEqual(['js.ssrf-redirect.ssrf-taint:8']);
  });

  it("the hostname of a URL whose host the server fixed is the server's, whatever path the request added", () => {
    const helper = "const http = require('http');\nconst https = require('https');\nfunction httpGet(urlStr) {\n  const parsed = new URL(urlStr);\n  const lib = parsed.protocol === 'https:' ? https : http;\n  return lib.get({ hostname: parsed.hostname, port: parsed.port, path: parsed.pathname + parsed.search });\n}\n";
    const route = (url: string) => helper + express(`httpGet(${url});\nres.end();`);
    expect(rules({ 'a.js': route('`${process.env.MARKET_URL}/api/templates/${req.params.id}`') })).toEqual([]);
    expect(rules({ 'a.js': route('req.query.url') })).toEqual(['js.ssrf-redirect.ssrf-taint:6']);
  });

  it("sendFile(name, folder) in a plugin that imports no framework is Fastify's rooted send; in an Express module it is not", () => {
    const plugin = (head: string, call: string) => `${head}import { join } from 'node:path';\nexport const routes = async (fastify) => {\n  fastify.get('/s/:id/:file', async (req, res) => {\n    const dir = join('/var/sessions', req.params.id.replace(/[^a-z0-9]/g, ''));\n    return ${call};\n  });\n};\n`;
    expect(rules({ 'a.ts': plugin('', 'res.sendFile(req.params.file, dir)') })).toEqual([]);
    expect(rules({ 'a.ts': plugin('', "res.sendFile(req.params.file, '/srv/static')") })).toEqual([]);
    expect(rules({ 'a.ts': plugin('', 'res.sendFile(req.params.file, { maxAge: 60 })') })).toEqual(['js.path-file.traversal-taint:5']);
    expect(rules({ 'a.ts': plugin("import express from 'express';\n", 'res.sendFile(req.params.file, dir)') })).toEqual(['js.path-file.traversal-taint:6']);
  });

  const pg = (body: string) => express(`const { Pool } = require('pg');\nconst pool = new Pool();\n${body}\nres.end();`).replace('(req, res)', 'async (req, res)');

  it('placeholders numbered by the index of each element ($1, $2) hold no element; the elements themselves do', () => {
    expect(rules({ 'a.js': pg("const ids = req.body.ids;\nconst clause = ids.map((_, i) => `$${i + 1}`).join(', ');\nawait pool.query(`SELECT * FROM t WHERE id IN (${clause})`, ids);") })).toEqual([]);
    expect(rules({ 'a.js': pg("const ids = req.body.ids;\nconst clause = ids.map((id) => `'${id}'`).join(', ');\nawait pool.query(`SELECT * FROM t WHERE id IN (${clause})`);") })).toEqual(['js.injection.sql-taint:8']);
  });

  it('the same through a helper that returns the clause beside the values', () => {
    const helper = "function inClause(values, offset = 1) {\n  return { clause: values.map((_, i) => `$${offset + i}`).join(', '), params: values };\n}\n";
    expect(rules({ 'a.js': helper + pg("const { clause, params } = inClause(req.body.ids);\nawait pool.query(`SELECT * FROM t WHERE id IN (${clause})`, params);") })).toEqual([]);
  });

  it("a placeholder numbered past another list's length adds no text", () => {
    const helper = "function inClause(values, offset = 1) {\n  return { clause: values.map((_, i) => `$${offset + i}`).join(', '), params: values };\n}\n";
    expect(rules({ 'a.js': helper + pg("const a = inClause(req.body.teams, 1);\nconst b = inClause(req.body.states, a.params.length + 1);\nawait pool.query(`SELECT * FROM t WHERE team IN (${a.clause}) AND state IN (${b.clause})`, [...a.params, ...b.params]);") })).toEqual([]);
  });

  it('booleans mapped from the request are no SQL text', () => {
    expect(rules({ 'a.js': pg("const days = ['mon', 'tue'];\nconst chosen = req.body.days;\nconst values = days.map((d) => chosen.includes(d)).join(', ');\nawait pool.query(`INSERT INTO w VALUES (${values})`);") })).toEqual([]);
  });

  it("a date formatted by a date library to a fixed pattern is no SQL text; the raw date is", () => {
    const q = (v: string) => pg(`const moment = require('moment');\nconst d = ${v};\nawait pool.query(\`SELECT * FROM t WHERE day = '\${d}'\`);`);
    expect(rules({ 'a.js': q("moment(req.query.day).format('YYYY-MM-DD')") })).toEqual([]);
    expect(rules({ 'a.js': q('req.query.day') })).toEqual(['js.injection.sql-taint:8']);
  });

  it('a plain object interpolated into text is "[object Object]", whatever its fields hold', () => {
    expect(rules({ 'a.js': pg("const range = { clause: 'day > $1', params: [req.body.from] };\nawait pool.query(`SELECT * FROM t WHERE ${range}`, range.params);") })).toEqual([]);
  });
});
