// Route-level access control on small Express, Koa, Flask and Django apps: each finding kind has a minimal
// positive and the nearest negative in the same fixture.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTestContext } from '../../../testing/make-context';
import { tempProject } from '../../../testing/temp-project';
import { extractRoutes, runAccessControl } from './index';

const fixture = (name: string) => makeTestContext(join(import.meta.dirname, 'fixtures', name));
/** Findings of the analysis on a throwaway project made of `files`. */
function hitsIn(files: Record<string, string>): string[] {
  const { root, cleanup } = tempProject(files);
  try {
    return runAccessControl(makeTestContext(root)).map((f) => `${f.ruleId} ${f.location.file}:${f.location.startLine}`);
  } finally {
    cleanup();
  }
}
const hits = (name: string) =>
  runAccessControl(fixture(name))
    .map((f) => `${f.ruleId} ${f.location.file}:${f.location.startLine}`)
    .sort();

describe('route extraction', () => {
  it('lists Express routes with their middleware and the handler', () => {
    const { routes } = extractRoutes(fixture('express-app'));
    const byKey = new Map(routes.map((r) => [`${r.methods.join()} ${r.path}`, r]));
    expect([...byKey.keys()]).toEqual(expect.arrayContaining(['POST /login', 'GET /items/:id', 'DELETE /items/:id', 'DELETE /my/items/:id']));
    expect(byKey.get('GET /items/:id')?.guards).toEqual(['requireAuth']);
    expect(byKey.get('DELETE /items/:id')?.guards).toEqual([]);
    const archive = byKey.get('POST /items/:id/archive');
    expect(archive?.guards).toEqual(['requireAuth']);
    expect(archive?.handler?.kind()).toBe('arrow_function');
  });

  it('reads the handler inside an error-forwarding wrapper (asyncHandler(fn), error_catcher(fn))', () => {
    const { root, cleanup } = tempProject({
      'routes.js': "const express = require('express');\nconst router = express.Router();\nrouter.post('/plugins/:name', isAdmin, error_catcher(async (req, res) => {\n  res.send('ok');\n}));\nrouter.get('/backup', isAdmin, error_catcher(async (req, res) => {\n  res.send(req.user.role_id === 1 ? 'admin' : 'auth');\n}));\nrouter.get('/x', asyncHandler(handlers.x));\nmodule.exports = router;\n",
    });
    try {
      const { routes } = extractRoutes(makeTestContext(root));
      const byPath = new Map(routes.map((r) => [r.path, r]));
      expect(byPath.get('/plugins/:name')?.handler?.kind()).toBe('arrow_function');
      expect(byPath.get('/plugins/:name')?.guards).toEqual(['isAdmin']);
      // a wrapped handler whose body names auth words is still the handler, not a guard after it
      expect(byPath.get('/backup')?.handler?.kind()).toBe('arrow_function');
      expect(byPath.get('/backup')?.guards).toEqual(['isAdmin']);
      // a wrapped reference stays a reference to resolve
      expect(byPath.get('/x')?.handler).toBeNull();
    } finally {
      cleanup();
    }
  });

  it('applies router-level use() to the routes declared after it (Koa)', () => {
    const { routes } = extractRoutes(fixture('koa-app'));
    const del = routes.find((r) => r.path === '/posts/:id');
    expect(del?.framework).toBe('koa');
    expect(del?.guards).toContain('jwtAuth');
  });

  it('reads Flask methods and decorators, and Django views only when a URLconf routes them', () => {
    const flask = extractRoutes(fixture('flask-app')).routes;
    expect(flask.find((r) => r.path === '/invoices/<int:invoice_id>' && r.methods.includes('DELETE'))?.guards).toEqual([]);
    expect(flask.find((r) => r.path === '/invoices/<int:invoice_id>' && r.methods.includes('GET'))?.urlParams).toEqual(['invoice_id']);
    const django = extractRoutes(fixture('django-app')).routes;
    const names = django.map((r) => r.handler?.field('name')?.text());
    expect(names).toContain('create_report');
    expect(names).not.toContain('purge_reports');
    expect(django.find((r) => r.handler?.field('name')?.text() === 'create_report')?.guards.join()).toMatch(/login_required/);
    expect(django.find((r) => r.handler?.field('name')?.text() === 'DeleteDocument')?.methods).toEqual(['POST']);
  });

  it('reads routes a plugin declares with a dotted decorator (`@octoprint.plugin.BlueprintPlugin.route(...)`)', () => {
    const { root, cleanup } = tempProject({
      'plugins/backup/__init__.py':
        'import flask\nimport octoprint.plugin\n\n\nclass BackupPlugin(octoprint.plugin.BlueprintPlugin):\n' +
        '    @octoprint.plugin.BlueprintPlugin.route("/restore", methods=["POST"])\n    @Permissions.ADMIN.require(403)\n    def perform_restore(self):\n        return flask.request.form["path"]\n',
    });
    try {
      const route = extractRoutes(makeTestContext(root)).routes.find((r) => r.path === '/restore');
      expect(route?.methods).toEqual(['POST']);
      expect(route?.guards).toEqual(['@Permissions.ADMIN.require(403)']);
    } finally {
      cleanup();
    }
  });
});

describe('access-control findings', () => {
  it('Express: unguarded DELETE and IDOR by findById; scoped lookups, guarded routes, login and a preview are quiet', () => {
    expect(hits('express-app')).toEqual(['js.access.idor app.js:16', 'js.access.missing-authentication app.js:27']);
  });

  it('Koa: unguarded admin route and IDOR under a router-level guard; an inline check and an owner condition are quiet', () => {
    expect(hits('koa-app')).toEqual(['js.access.idor api.js:11', 'js.access.missing-authentication routes.js:13']);
  });

  it('Flask: unguarded DELETE and debug path, IDOR (also through assignments under an inline token check); owner scoping, login, a preview, a gated debug path and a password check are quiet', () => {
    expect(hits('flask-app')).toEqual([
      'py.access.idor app.py:13',
      'py.access.idor app.py:71',
      'py.access.idor app.py:89',
      'py.access.missing-authentication app.py:24',
      'py.access.missing-authentication app.py:51',
    ]); // (flask_login and no CSRFProtect, but its writes are DELETEs: a cross-site form cannot send them)
  });

  it('Flask: an app with no authentication anywhere is not flagged route by route', () => {
    expect(hits('flask-public')).toEqual([]);
  });

  it("Django: a record's owner attribute compared after the lookup, or a can-check helper given the record, decides access; a lookup alone does not", () => {
    const view = (check: string) => ({
      'profiles/views.py': `from django.contrib.auth.decorators import login_required\nfrom django.http import HttpResponseForbidden, JsonResponse\nfrom .models import Profile\n\n\n@login_required\ndef profile_save(request):\n    account = request.session['account']\n    profile = Profile.objects.get(pk=request.POST.get('id'))\n${check}\n    return JsonResponse(profile.as_dict())\n`,
    });
    expect(hitsIn(view('    if profile.account != account:\n        return HttpResponseForbidden()'))).toEqual([]);
    expect(hitsIn(view('    _check_can_edit(request, profile)'))).toEqual([]);
    // the owner attribute on the right of the comparison
    expect(hitsIn(view('    if account != profile.account:\n        return HttpResponseForbidden()'))).toEqual([]);
    // an id the server signed for this caller (Signer().unsign) is not one the caller chose
    expect(hitsIn(view('    Signer().unsign(request.GET["signature"])'))).toEqual([]);
    expect(hitsIn(view('    print(profile)'))).toEqual(['py.access.idor profiles/views.py:9']);
    // a route granted to a role by its decorator
    const roleOnly = view('    print(profile)');
    roleOnly['profiles/views.py'] = roleOnly['profiles/views.py']!.replace('@login_required\n', "@login_required\n@api_role_can('update account')\n");
    expect(hitsIn(roleOnly)).toEqual([]);
    // ... or by a project decorator named for the role it requires; one that only signs the caller in grants none
    const managerOnly = view('    print(profile)');
    managerOnly['profiles/views.py'] = managerOnly['profiles/views.py']!.replace('@login_required\n', '@login_required\n@manager_required\n');
    expect(hitsIn(managerOnly)).toEqual([]);
    const signedIn = view('    print(profile)');
    signedIn['profiles/views.py'] = signedIn['profiles/views.py']!.replace('@login_required\n', '@login_required\n@auth.token_required\n');
    expect(hitsIn(signedIn)).toEqual(['py.access.idor profiles/views.py:10']);
  });

  it('Flask: raw SQL that selects a row by a path id with no owner column is a lookup by the request; an owner column scopes it', () => {
    const view = (sql: string) => ({
      'app.py': `from flask import Flask, session, jsonify\napp = Flask(__name__)\n\n@app.route('/documents/<int:doc_id>')\ndef download_document(doc_id):\n    if 'user_id' not in session:\n        return jsonify({'error': 'Unauthorized'}), 401\n    cursor = db.cursor()\n${sql}\n    return jsonify(cursor.fetchone())\n`,
    });
    const idor = (files: Record<string, string>) => hitsIn(files).filter((h) => h.includes('.idor'));
    expect(idor(view('    cursor.execute(f"SELECT * FROM documents WHERE id={doc_id}")'))).toEqual(['py.access.idor app.py:9']);
    expect(idor(view('    cursor.execute("SELECT * FROM documents WHERE id = %s", (doc_id,))'))).toEqual(['py.access.idor app.py:9']);
    expect(idor(view('    query = f"SELECT * FROM documents WHERE id = {doc_id}"\n    cursor.execute(query)'))).toEqual(['py.access.idor app.py:10']);
    expect(idor(view('    cursor.execute("SELECT * FROM documents WHERE id = %s AND user_id = %s", (doc_id, session["user_id"]))'))).toEqual([]);
    expect(idor(view('    cursor.execute(f"SELECT * FROM documents WHERE id = {doc_id} AND owner_id = {session[\'user_id\']}")'))).toEqual([]);
    expect(idor(view('    cursor.execute("SELECT * FROM documents WHERE id = %s", (session["doc"],))'))).toEqual([]);
  });

  it("Django: a record whose model names no owner and relates to nothing owner-like (a public page) has no owner to check; an owned one does", () => {
    const project = (model: string) => ({
      'pages/models.py': `from django.db import models\n\n\nclass Page(models.Model):\n    slug = models.SlugField(unique=True)\n    title = models.CharField(max_length=200)\n${model}`,
      'pages/views.py': `from django.contrib.auth.decorators import login_required\nfrom django.shortcuts import get_object_or_404, render\nfrom .models import Page\n\n\n@login_required\ndef get_page(request, slug):\n    page = get_object_or_404(Page, slug=slug)\n    return render(request, 'page.html', {'page': page})\n`,
    });
    expect(hitsIn(project('    body = models.TextField(blank=True)\n'))).toEqual([]);
    expect(hitsIn(project('    platform = models.ForeignKey("Platform", on_delete=models.CASCADE)\n'))).toEqual([]);
    expect(hitsIn(project('    owner = models.ForeignKey("auth.User", on_delete=models.CASCADE)\n'))).toEqual(['py.access.idor pages/views.py:8']);
    expect(hitsIn(project('    editor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)\n'))).toEqual(['py.access.idor pages/views.py:8']);
    // a nested class (choices, Meta) written before the fields does not hide the model's own fields
    const choicesFirst = (field: string) => {
      const p = project('');
      p['pages/models.py'] = p['pages/models.py']!.replace('(models.Model):\n', `(models.Model):\n    class Kind(models.TextChoices):\n        OPEN = "open"\n\n${field}`);
      return p;
    };
    expect(hitsIn(choicesFirst('    body = models.TextField(blank=True)\n'))).toEqual([]);
    expect(hitsIn(choicesFirst('    owner = models.ForeignKey("auth.User", on_delete=models.CASCADE)\n'))).toEqual(['py.access.idor pages/views.py:8']);
  });

  it('Django: unguarded POST view and IDOR by get_object_or_404; mixin, URLconf wrapper and owner scoping are quiet', () => {
    expect(hits('django-app')).toEqual(['py.access.idor docs/views.py:14', 'py.access.missing-authentication docs/views.py:24']);
  });

  it('FastAPI: a router subclass built with an auth dependency guards its routes; a Depends parameter guards one route', () => {
    expect(hits('fastapi-app')).toEqual(['py.access.idor items.py:14', 'py.access.missing-authentication items.py:18']);
  });

  it('reports at medium with the access-control pack, CWE and the route in the message', () => {
    const [idor] = runAccessControl(fixture('flask-app')).filter((f) => f.ruleId === 'py.access.idor');
    expect(idor).toMatchObject({ severity: 'medium', pack: 'access-control', cwe: ['CWE-639'] });
    expect(idor?.message).toContain('GET /invoices/<int:invoice_id> (flask)');
  });
});

describe('IDOR: lookups scoped to the caller or to a resource whose permission the route checks', () => {
  const app = (chain: string, lookup: string) => ({
    'routes.js': `const express = require('express');\nconst router = express.Router();\nrouter.patch('/relationships/:user_id', requireAuth, ${chain}async (req, res) => {\n  const rel = await Relationship.findOneOrFail(${lookup});\n  await rel.save();\n  res.json(rel);\n});\nmodule.exports = router;\n`,
  });
  it("the caller's own id in the where-condition, whatever its key, scopes the lookup", () => {
    expect(hitsIn(app('', '{ where: { from_id: req.user_id, to_id: req.params.user_id } }'))).toEqual([]);
    expect(hitsIn(app('', '{ where: { to_id: req.params.user_id } }'))).toEqual(['js.access.idor routes.js:4']);
    // the caller's id written as data, outside the condition, scopes nothing
    expect(hitsIn(app('', '{ where: { to_id: req.params.user_id }, data: { touchedBy: req.user_id } }'))).toEqual(['js.access.idor routes.js:4']);
  });
  it("a permission checked on the route's chain covers the path's resource and children scoped to it, not a child by its own id", () => {
    expect(hitsIn(app("route({ permission: 'MANAGE_GUILD' }), ", '{ where: { id: req.params.user_id } }'))).toEqual([]);
    expect(hitsIn(app("route({ body: 'PatchSchema' }), ", '{ where: { id: req.params.user_id } }'))).toEqual(['js.access.idor routes.js:4']);
    const nested = (lookup: string) => ({
      'guilds/#guild_id/rules.js': `const express = require('express');\nconst router = express.Router();\nrouter.patch('/:rule_id', requireAuth, route({ permission: 'MANAGE_GUILD' }), async (req, res) => {\n  const { guild_id, rule_id } = req.params;\n  const rule = await Rule.findOneOrFail(${lookup});\n  await rule.save();\n  res.json(rule);\n});\nmodule.exports = router;\n`,
    });
    expect(hitsIn(nested('{ where: { guild_id, id: rule_id } }'))).toEqual([]);
    expect(hitsIn(nested('{ where: { id: guild_id } }'))).toEqual([]);
    expect(hitsIn(nested('{ where: { id: rule_id } }'))).toEqual(['js.access.idor guilds/#guild_id/rules.js:5']);
  });
  it("the caller's membership of the path's resource, looked up or checked, covers that resource and its children", () => {
    const handler = (check: string, lookup: string) => ({
      'guilds/#guild_id/roles.js': `const express = require('express');\nconst router = express.Router();\nrouter.delete('/:role_id', requireAuth, async (req, res) => {\n  const { guild_id, role_id } = req.params;\n  ${check}\n  const role = await Role.findOneByOrFail(${lookup});\n  await role.remove();\n  res.sendStatus(204);\n});\nmodule.exports = router;\n`,
    });
    expect(hitsIn(handler('await Member.IsInGuildOrFail(req.user_id, guild_id);', '{ guild_id, id: role_id }'))).toEqual([]);
    expect(hitsIn(handler('const m = await Member.findOne({ where: { guild_id, id: req.user_id } });', '{ guild_id, id: role_id }'))).toEqual([]);
    expect(hitsIn(handler('await Member.IsInGuildOrFail(req.user_id, guild_id);', '{ id: role_id }'))).toEqual(['js.access.idor guilds/#guild_id/roles.js:6']);
    expect(hitsIn(handler('', '{ guild_id, id: role_id }'))).toEqual(['js.access.idor guilds/#guild_id/roles.js:6']);
  });
});

describe('IDOR: Flask view parameters that are not URL captures', () => {
  it("a user a decorator injects (auth_user) is the caller, not a request id; the rule's capture is", () => {
    const app = (body: string) => ({
      'app.py': `from flask import Flask\nfrom auth import require_auth\napp = Flask(__name__)\n\n@app.route('/reports/<int:report_id>', methods=['DELETE'])\n@require_auth(scopes=['reports:write'])\ndef delete_report(auth_user, report_id):\n${body}\n    return {}\n`,
    });
    expect(hitsIn(app('    prefs = Preference.query.filter_by(user_id=auth_user.id).all()'))).toEqual([]);
    expect(hitsIn(app('    report = Report.query.filter_by(id=report_id).first()\n    db.session.delete(report)'))).toEqual(['py.access.idor app.py:8']);
    // a guard that names the role it requires decides who may touch the record
    const moderated = app('    report = Report.query.filter_by(id=report_id).first()\n    db.session.delete(report)');
    moderated['app.py'] = moderated['app.py']!.replace("@require_auth(scopes=['reports:write'])", "@require_auth(scopes=['reports:write'], role=UserRole.MODERATOR)");
    expect(hitsIn(moderated)).toEqual([]);
  });
});

describe('IDOR: a record the handler loaded, then saved', () => {
  it('record.update(values) after a load scoped to the caller is the record saving itself; an unscoped load by the id is the finding', () => {
    const app = (load: string) => ({
      'routes.js': `const express = require('express');\nconst router = express.Router();\nrouter.patch('/task/:uid', requireAuth, async (req, res) => {\n  const task = await ${load};\n  await task.update({ title: req.body.title });\n  res.json(task);\n});\nmodule.exports = router;\n`,
    });
    expect(hitsIn(app('taskRepository.findByIdAndUser(req.params.uid, req.currentUser.id)'))).toEqual([]);
    expect(hitsIn(app('Task.findByPk(req.params.uid)'))).toEqual(['js.access.idor routes.js:4']);
  });
});

describe('IDOR: raw SQL on a driver handle', () => {
  it('a statement that picks a row by a path id with no owner column is reported; the caller in the WHERE scopes it', () => {
    const app = (call: string) => ({
      'server.js': `const express = require('express');\nconst app = express();\napp.get('/api/users/:id', verifyToken, (req, res) => {\n  const id = req.params.id;\n  ${call}\n});\n`,
    });
    const idor = (files: Record<string, string>) => hitsIn(files).filter((h) => h.includes('.idor'));
    expect(idor(app('db.get(`SELECT * FROM users WHERE id = ${id}`, (err, user) => res.json(user));'))).toEqual(['js.access.idor server.js:5']);
    expect(idor(app("db.get('SELECT * FROM notes WHERE id = ?', [id], (err, n) => res.json(n));"))).toEqual(['js.access.idor server.js:5']);
    expect(idor(app("db.get('SELECT * FROM notes WHERE id = ? AND user_id = ?', [id, req.user.id], (err, n) => res.json(n));"))).toEqual([]);
    expect(idor(app("db.get('SELECT * FROM notes WHERE id = ?', [res.locals.noteId], (err, n) => res.json(n));"))).toEqual([]);
  });
});

describe('IDOR: what only reports the caller checks nothing (session 23)', () => {
  const app = (body: string) => ({
    'routes.ts': `import express from 'express';\nconst router = express.Router();\nrouter.delete('/:id', authenticateUser, async (req, res) => {\n  const { id } = req.params;\n  const taskId = parseInt(id);\n${body}\n});\nexport default router;\n`,
  });
  const load = "  const task = await prisma.task.findUnique({ where: { id: taskId }, include: { user: { select: { id: true } } } });\n  if (!task) return res.status(404).json({ error: 'Task not found' });";
  it('a comparison with the caller sent back in the response, or the caller in the response, is no ownership check; the write is reported', () => {
    const reported = `${load}\n  const deleted = await prisma.task.delete({ where: { id: taskId } });\n  res.json({ deleted, isOwner: task.userId === req.user.id, requesterId: req.user.id });`;
    expect(hitsIn(app(reported))).toEqual(['js.access.idor routes.ts:8']);
  });
  it('the same comparison deciding the request is the check', () => {
    const enforced = `${load}\n  if (task.userId !== req.user.id) return res.status(403).json({ error: 'Forbidden' });\n  await prisma.task.delete({ where: { id: taskId } });\n  res.json({ ok: true });`;
    expect(hitsIn(app(enforced))).toEqual([]);
    const scoped = "  const task = await prisma.task.findFirst({ where: { id: taskId, userId: req.user.id } });\n  res.json({ task });";
    expect(hitsIn(app(scoped))).toEqual([]);
  });
});

describe("IDOR: a project helper that checks the caller's access to the record's parent (round 30)", () => {
  it('getUserHasAdminAccessToSite(req, siteId) before the lookup decides who may touch it; an unrelated helper does not', () => {
    const app = (check: string) => ({
      'routes.js': `const express = require('express');\nconst router = express.Router();\nrouter.delete('/sites/:siteId', requireAuth, async (req, res) => {\n  ${check}\n  const site = await Site.findByPk(req.params.siteId);\n  await site.destroy();\n  res.sendStatus(204);\n});\nmodule.exports = router;\n`,
    });
    expect(hitsIn(app('if (!(await getUserHasAdminAccessToSite(req, req.params.siteId))) return res.sendStatus(403);'))).toEqual([]);
    expect(hitsIn(app('await checkProjectAccess(req.user, req.params.siteId);'))).toEqual([]);
    expect(hitsIn(app('await logAccessAttempt(req.params.siteId);'))).toEqual(['js.access.idor routes.js:5']);
  });
});

describe('missing authorization: an admin function that only asks for a signed-in user', () => {
  const app = (guards: string, body: string) => ({
    'app.py': `from flask import Flask\nfrom flask_login import login_required, current_user\napp = Flask(__name__)\n\n@app.route('/admin/users')\n${guards ? `${guards}\n` : ''}def admin_users():\n${body}\n    return render_template('users.html', users=User.query.all())\n`,
  });
  const authz = (files: Record<string, string>) => hitsIn(files).filter((h) => h.includes('missing-authorization'));
  it('login alone on an admin path is reported; an admin guard or a role check in the handler is not', () => {
    expect(authz(app('@login_required', '    pass'))).toEqual(['py.access.missing-authorization app.py:5']);
    expect(authz(app('@login_required\n@admin_required', '    pass'))).toEqual([]);
    expect(authz(app('@login_required', '    if not current_user.is_admin:\n        abort(403)'))).toEqual([]);
  });
  it('an inline sign-in check answering 401 Unauthorized, or a role column in a query, is no role check', () => {
    const signedIn = "    if 'user_id' not in session:\n        return jsonify({'error': 'Unauthorized'}), 401\n    cursor.execute('SELECT id, username, role FROM users')";
    expect(authz(app('', signedIn))).toEqual(['py.access.missing-authorization app.py:5']);
    expect(authz(app('', `${signedIn}\n    if session.get('role') != 'admin':\n        return jsonify({'error': 'Unauthorized'}), 401`))).toEqual([]);
    expect(authz(app('', "    if not g.user:\n        abort(401)\n    if not g.user.admin:\n        abort(401)"))).toEqual([]);
  });
  it('a route with no authentication at all is the missing-authentication finding, not this one', () => {
    expect(authz(app('', '    pass'))).toEqual([]);
  });
});

describe('guard vocabulary', () => {
  it('reads FastAPI dependencies named for the account or super user they check as guards; a body parser is not one', async () => {
    const { isAuthGuard } = await import('./vocabulary');
    expect(isAuthGuard('Depends(check_account_id_exists)')).toBe(true);
    expect(isAuthGuard('Depends(check_super_user)')).toBe(true);
    expect(isAuthGuard('Depends(check_account_exists)')).toBe(true);
    expect(isAuthGuard('Depends(get_db)')).toBe(false);
    expect(isAuthGuard('@staff_member_required')).toBe(true);
    expect(isAuthGuard('@helpdesk_staff_member_required')).toBe(true);
    expect(isAuthGuard('@user_passes_test(is_helpdesk_staff)')).toBe(true);
    expect(isAuthGuard('@require_POST')).toBe(false);
    expect(isAuthGuard('bodyParser.json()')).toBe(false);
  });
});

describe('guards inherited through mounts of routers from other files', () => {
  const app = {
    'tsconfig.json': '{ "compilerOptions": { "baseUrl": ".", "paths": { "@server/*": ["server/*"] } } }',
    'server/middleware/auth.ts': 'export const isAuthenticated = () => (req, res, next) => next();\n',
    'server/routes/index.ts':
      "import { Router } from 'express';\nimport { isAuthenticated } from '@server/middleware/auth';\nimport settingsRoutes from '@server/routes/settings';\nimport publicRoutes from './public';\nconst router = Router();\nrouter.use('/settings', isAuthenticated(), settingsRoutes);\nrouter.use('/public', publicRoutes);\nexport default router;\n",
    'server/routes/settings/index.ts':
      "import { Router } from 'express';\nimport hookRoutes from './hooks';\nconst settingsRoutes = Router();\nsettingsRoutes.post('/main', (req, res) => { save(req.body); res.end(); });\nsettingsRoutes.use('/hooks', hookRoutes);\nexport default settingsRoutes;\n",
    'server/routes/settings/hooks.ts':
      "import { Router } from 'express';\nconst hookRoutes = Router();\nhookRoutes.delete('/:id', (req, res) => { remove(req.params.id); res.end(); });\nexport default hookRoutes;\n",
    'server/routes/public.ts':
      "import { Router } from 'express';\nconst publicRoutes = Router();\npublicRoutes.delete('/cache', (req, res) => { cache.deleteAll(); res.end(); });\nexport default publicRoutes;\n",
  };
  it('a router mounted behind auth through a tsconfig alias, and the router it mounts in turn, are guarded; a plain mount is not', () => {
    expect(hitsIn(app)).toEqual(['js.access.missing-authentication server/routes/public.ts:3']);
  });
});

describe('NestJS middleware applied by a module', () => {
  const controller = (name: string, path: string) =>
    `import { Controller, Post, Body } from '@nestjs/common';\n@Controller('${path}')\nexport class ${name} {\n  @Post('/')\n  create(@Body() body) {\n    return this.service.createItem(body);\n  }\n}\n`;
  it('consumer.apply(AuthMiddleware).forRoutes(...list) guards the listed controllers; one left out is reported', () => {
    const found = hitsIn({
      'src/items.controller.ts': controller('ItemsController', 'items'),
      'src/sets.controller.ts': controller('SetsController', 'sets'),
      'src/open.controller.ts': controller('OpenController', 'open'),
      'src/api.module.ts':
        "import { Module, MiddlewareConsumer } from '@nestjs/common';\nconst authenticated = [\n  ItemsController,\n  SetsController,\n];\n@Module({ controllers: [...authenticated, OpenController] })\nexport class ApiModule {\n  configure(consumer: MiddlewareConsumer) {\n    consumer.apply(AuthMiddleware).forRoutes(...authenticated);\n  }\n}\n",
    });
    expect(found).toEqual(['js.access.missing-authentication src/open.controller.ts:5']);
  });
});

describe('django-ninja API-level auth', () => {
  const router = (routerArgs: string, route = '@router.post("/items")') =>
    `from ninja import Router\nfrom .models import Item\nrouter = Router(${routerArgs})\n\n${route}\ndef create_item(request, name: str):\n    Item.objects.create(name=name)\n    return {"ok": True}\n`;
  const api = 'from ninja import NinjaAPI\nfrom .auth import TokenAuth\nfrom .items import router\napi = NinjaAPI(auth=[TokenAuth()])\napi.add_router("/items/", router)\n';
  const run = hitsIn;
  it('a router added to a NinjaAPI built with auth=... is guarded, as is one built with its own auth', () => {
    expect(run({ 'app/api.py': api, 'app/items.py': router('tags=["items"]'), 'app/views.py': '@login_required\ndef home(request):\n    return None\n' })).toEqual([]);
    expect(run({ 'app/items.py': router('auth=TokenAuth()'), 'app/views.py': '@login_required\ndef home(request):\n    return None\n' })).toEqual([]);
  });
  it('a route that opts out with auth=None is reported', () => {
    expect(run({ 'app/api.py': api, 'app/items.py': router('tags=["items"]', '@router.post("/items", auth=None)') })).toEqual(['py.access.missing-authentication app/items.py:5']);
  });
});

describe('CSRF: state-changing routes of cookie-session applications', () => {
  const app = (setup: string, extra = '') => ({
    'app.js': `const express = require('express');\nconst session = require('express-session');\n${extra}const app = express();\napp.use(session({ secret: process.env.S${setup} }));\napp.post('/profile', requireLogin, async (req, res) => {\n  await db.users.update(req.session.userId, req.body);\n  res.redirect('/profile');\n});\napp.post('/login', async (req, res) => {\n  req.session.userId = await db.users.create(req.body);\n  res.redirect('/');\n});\napp.get('/profile', requireLogin, (req, res) => res.render('profile'));\n`,
  });
  it('reports a state-changing route when the app has a session cookie and no CSRF defence anywhere; sign-in, reads, tokens and SameSite are quiet', () => {
    expect(hitsIn(app('')).filter((h) => h.includes('csrf'))).toEqual(['js.access.csrf-unprotected app.js:5']);
    expect(hitsIn(app(", cookie: { sameSite: 'lax' }")).filter((h) => h.includes('csrf'))).toEqual([]);
    expect(hitsIn(app('', "const { doubleCsrf } = require('csrf-csrf');\n")).filter((h) => h.includes('csrf'))).toEqual([]);
    expect(hitsIn(app('', "/*\nconst csrf = require('csurf');\napp.use(csrf());\n*/\n")).filter((h) => h.includes('csrf'))).toEqual(['js.access.csrf-unprotected app.js:9']);
    // no session cookie: an API reading bearer tokens has nothing a forged form could ride
    const api = app('');
    api['app.js'] = api['app.js']!.replace("const session = require('express-session');\n", '').replace('app.use(session({ secret: process.env.S }));\n', '');
    expect(hitsIn(api).filter((h) => h.includes('csrf'))).toEqual([]);
  });
});

describe('NestJS: documentation decorators and global guards', () => {
  const ctrl = (decorators: string) =>
    `import { Controller, Delete, Get, Param, UseGuards } from '@nestjs/common';\nimport { ApiTags, ApiBearerAuth } from '@nestjs/swagger';\n@ApiTags('Admin')\n@Controller('admin')\nexport class AdminController {\n  ${decorators}\n  @Delete('users/:id')\n  remove(@Param('id') id: string) {\n    return this.users.deleteUser(id);\n  }\n  @UseGuards(JwtAuthGuard, AdminGuard)\n  @Get('me')\n  me() {\n    return 'ok';\n  }\n}\n`;
  it('@ApiTags / @ApiBearerAuth document the route and guard nothing: an unguarded admin delete is reported', () => {
    expect(hitsIn({ 'src/admin.controller.ts': ctrl('@ApiBearerAuth()') })).toEqual(['js.access.missing-authentication src/admin.controller.ts:8']);
    expect(hitsIn({ 'src/admin.controller.ts': ctrl('@UseGuards(JwtAuthGuard, AdminGuard)') })).toEqual([]);
  });
  it('an authenticating APP_GUARD guards every route (signed in, not admin) unless it is marked @Public(); a throttler does not', () => {
    const module = (guard: string) => `import { APP_GUARD } from '@nestjs/core';\n@Module({ providers: [{ provide: APP_GUARD, useClass: ${guard} }] })\nexport class AppModule {}\n`;
    expect(hitsIn({ 'src/admin.controller.ts': ctrl(''), 'src/app.module.ts': module('JwtAuthGuard') })).toEqual(['js.access.missing-authorization src/admin.controller.ts:8']);
    expect(hitsIn({ 'src/admin.controller.ts': ctrl(''), 'src/app.module.ts': module('ThrottlerGuard') })).toEqual(['js.access.missing-authentication src/admin.controller.ts:8']);
    // @Public() is the project's explicit, visible decision to open the route: not the global guard's, not a finding
    expect(hitsIn({ 'src/admin.controller.ts': ctrl('@Public()'), 'src/app.module.ts': module('JwtAuthGuard') })).toEqual([]);
  });
  it('a handler that asserts the admin role itself (this.assertSuperAdmin(user)) is not missing authorization', () => {
    const route = (check: string) =>
      `@Controller('admin')\nexport class AdminController {\n  @UseGuards(JwtAuthGuard)\n  @Get('stats')\n  stats(@Req() req) {\n    ${check}\n    return this.stats.all();\n  }\n}\n`;
    expect(hitsIn({ 'src/admin.controller.ts': route('this.assertSuperAdmin(req.user);') })).toEqual([]);
    expect(hitsIn({ 'src/admin.controller.ts': route('this.audit(req.user);') })).toEqual(['js.access.missing-authorization src/admin.controller.ts:5']);
  });
});

describe('FastAPI: a user-keyed path whose handler ignores the signed-in caller', () => {
  const app = (body: string, path = '/addresses') =>
    `from fastapi import APIRouter, Depends\nrouter = APIRouter(prefix="/users/{user_id}", tags=["profile"])\n\n@router.get("${path}")\nasync def list_addresses(user_id: int, current_user: User = Depends(get_current_user)):\n    """Addresses of current_user."""\n${body}\n`;
  it('reports the handler when the caller is only logged, and not when it is compared or scopes the lookup', () => {
    expect(hitsIn({ 'app/profile.py': app('    logger.info("caller %s", current_user.id)\n    return db.addresses_by_user.get(user_id, [])') })).toEqual(['py.access.idor app/profile.py:5']);
    expect(hitsIn({ 'app/profile.py': app('    if current_user.id != user_id:\n        raise HTTPException(403)\n    return db.addresses_by_user.get(user_id, [])') })).toEqual([]);
    expect(hitsIn({ 'app/profile.py': app('    return crud.addresses(owner=current_user, user_id=user_id)') })).toEqual([]);
  });
  it('a bare /users/{user_id} read may be a public profile: not reported', () => {
    const bare = app('    return db.users.get(user_id)', '').replace('prefix="/users/{user_id}"', 'prefix="/users/{user_id}"');
    expect(hitsIn({ 'app/profile.py': bare })).toEqual([]);
  });
});

describe('sign-up is a POST to a users collection, not a read of it and not an admin path', () => {
  const app = (route: string) => ({
    'app.js': `const express = require('express');\nconst app = express();\napp.get('/me', requireAuth, (req, res) => res.json(req.user));\n${route}\n`,
  });
  it('POST /users (sign-up) is public by design; GET /admin/users and POST /admin/users are admin functions', () => {
    expect(hitsIn(app("app.post('/users', async (req, res) => {\n  await db.users.create(req.body);\n  res.sendStatus(201);\n});"))).toEqual([]);
    expect(hitsIn(app("app.get('/admin/users', async (req, res) => {\n  res.json(await db.users.all());\n});"))).toEqual(['js.access.missing-authentication app.js:4']);
    expect(hitsIn(app("app.post('/admin/users', async (req, res) => {\n  await db.users.create(req.body);\n  res.sendStatus(201);\n});"))).toEqual(['js.access.missing-authentication app.js:4']);
  });
});

describe("Django class-based views: authentication on the view's handler methods", () => {
  const view = (decorator: string) => ({
    'reports/views.py': `from rest_framework.views import APIView\nfrom rest_framework.response import Response\nfrom .models import Report\nfrom .auth import jwt_auth_required\n\n\nclass ReportView(APIView):\n    ${decorator}\n    def get(self, request, user=None):\n        report = Report.objects.filter(id=request.GET["report_id"]).first()\n        return Response({"id": report.id, "body": report.body})\n`,
    'reports/models.py': 'from django.db import models\n\n\nclass Report(models.Model):\n    owner = models.ForeignKey("auth.User", on_delete=models.CASCADE)\n    body = models.TextField()\n',
  });
  it('@jwt_auth_required on every handler method signs the caller in: a lookup by a request id without an owner check is IDOR', () => {
    expect(hitsIn(view('@jwt_auth_required'))).toEqual(['py.access.idor reports/views.py:10']);
    expect(hitsIn(view('# no decorator'))).toEqual([]);
  });
});
