// Flows of input only an administrator can send are capped by sink kind; the same flow on an ordinary signed-in
// route keeps its severity, and an admin's command injection stays critical.
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestContext } from '../../testing/make-context';
import { tempProject } from '../../testing/temp-project';
import { sastAnalyzer } from './index';

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

async function findings(files: Record<string, string>) {
  const { root, cleanup } = tempProject(files);
  cleanups.push(cleanup);
  const result = await sastAnalyzer.run(makeTestContext(root));
  return result.findings.filter((f) => f.trace?.length).map((f) => `${f.ruleId}:${f.location.startLine}:${f.severity}`);
}

const routes = (guard: string) => ({
  'server/routes/index.js':
    "const express = require('express');\nconst { isAuthenticated } = require('../auth');\nconst hooks = require('./hooks');\nconst router = express.Router();\n" +
    `router.use('/settings', ${guard}, hooks);\nmodule.exports = router;\n`,
  'server/routes/hooks.js':
    "const express = require('express');\nconst axios = require('axios');\nconst { exec } = require('child_process');\nconst hooks = express.Router();\n" +
    "hooks.post('/test', async (req, res) => {\n  await axios.post(req.body.webhookUrl, { text: 'test' });\n  res.sendStatus(204);\n});\n" +
    "hooks.post('/backup', (req, res) => {\n  exec('tar czf /backup/' + req.body.name + '.tgz /data');\n  res.sendStatus(204);\n});\nmodule.exports = hooks;\n",
});

describe('input only an administrator can send', () => {
  it('an outbound request to a URL an admin types is capped at low with the reason; the admin command injection stays critical', async () => {
    expect(await findings(routes('isAuthenticated(Permission.ADMIN)'))).toEqual(['js.ssrf-redirect.ssrf-taint:6:low', 'js.injection.command-taint:10:critical']);
  });
  it('behind an ordinary sign-in the same outbound request stays high', async () => {
    expect(await findings(routes('isAuthenticated()'))).toEqual(['js.ssrf-redirect.ssrf-taint:6:high', 'js.injection.command-taint:10:critical']);
  });
});

describe('admin-only input read in a helper', () => {
  const app = (guard: string) => ({
    'app/admin.py':
      "import os\nfrom flask import Blueprint, request\nfrom .auth import login_required, admin_required\nadmi = Blueprint('admin', __name__)\n\n" +
      `@admi.route('/ajax/pathchooser/')\n@login_required\n${guard}\ndef ajax_pathchooser():\n    return pathchooser()\n\n\n` +
      "def pathchooser():\n    path = request.args.get('path', '/')\n    return {'files': os.listdir(os.path.realpath(path))}\n",
  });
  it('a helper only an admin view calls reads admin-only input', async () => {
    expect(await findings(app('@admin_required'))).toEqual(['py.path-file.traversal-taint:15:low']);
  });
  it('the same helper behind an ordinary sign-in keeps its severity', async () => {
    expect(await findings(app('@user_required'))).toEqual(['py.path-file.traversal-taint:15:high']);
  });
});

describe('admin-only input read through a request helper every route shares', () => {
  const app = (roles: string) => ({
    'server/utils/http.js': 'function reqBody(request) {\n  return request.body;\n}\nmodule.exports = { reqBody };\n',
    'server/endpoints/system.js':
      "const { reqBody } = require('../utils/http');\nconst { flexUserRoleValid, ROLES } = require('../utils/roles');\n" +
      `function systemEndpoints(app) {\n  app.post('/system/custom-models', [flexUserRoleValid(${roles})], async (request, response) => {\n` +
      '    const { basePath } = reqBody(request);\n    const models = await fetch(basePath + "/api/tags");\n    response.json(await models.json());\n  });\n' +
      "  app.post('/chat', async (request, response) => {\n    const { message } = reqBody(request);\n    response.json({ length: message.length });\n  });\n}\nmodule.exports = { systemEndpoints };\n",
  });
  it('the value the admin route took from the shared reader is admin input', async () => {
    expect(await findings(app('[ROLES.admin]'))).toEqual(['js.ssrf-redirect.ssrf-taint:6:low']);
  });
  it('the same reader on a route any user may call keeps its severity', async () => {
    expect(await findings(app('[ROLES.all]'))).toEqual(['js.ssrf-redirect.ssrf-taint:6:high']);
  });
});

describe('admin-only input handed by a shared reader to a helper', () => {
  const app = (guard: string) => ({
    'app/util.py': "from flask import request\n\ndef json_command():\n    data = request.get_json()\n    return data['command'], data, None\n",
    'app/api.py':
      "import requests\nfrom flask import Blueprint\nfrom .util import json_command\nfrom .auth import login_required, admin_required, user_required\napi = Blueprint('api', __name__)\n\n" +
      `@api.route('/util/test', methods=['POST'])\n@login_required\n${guard}\ndef util_test():\n    command, data, response = json_command()\n    return _test_url(data)\n\n\n` +
      "@api.route('/echo', methods=['POST'])\n@login_required\ndef echo():\n    command, data, response = json_command()\n    return {'command': command}\n\n\n" +
      "def _test_url(data):\n    return {'status': requests.get(data['url'], timeout=5).status_code}\n",
    // a test calling the helper directly is no route to it
    'tests/test_api.py': "from app.api import _test_url\n\ndef test_url():\n    assert _test_url({'url': 'http://localhost'})\n",
  });
  it('a helper only the admin view calls gets admin-only input from a reader other routes share', async () => {
    expect(await findings(app('@admin_required'))).toEqual(['py.ssrf-redirect.ssrf-taint:23:low']);
  });
  it('the same helper behind an ordinary sign-in keeps its severity', async () => {
    expect(await findings(app('@user_required'))).toEqual(['py.ssrf-redirect.ssrf-taint:23:high']);
  });
});

describe('a GraphQL field the schema guards with a directive', () => {
  const app = (requires: string) => ({
    'server/graph/schemas/system.graphql':
      'extend type Mutation {\n  system: SystemMutation\n}\n\ntype SystemMutation {\n  setTelemetry(\n    enabled: Boolean!\n  ): DefaultResponse @auth(requires: ["manage:system"])\n\n' +
      `  export(\n    entities: [String]!\n    path: String!\n  ): DefaultResponse @auth(requires: ${requires})\n}\n`,
    'server/graph/resolvers/system.js':
      "const fs = require('fs-extra');\nconst path = require('path');\nmodule.exports = {\n  Mutation: {\n    async system () { return {} }\n  },\n  SystemMutation: {\n" +
      '    async export (obj, args, context) {\n      const desiredPath = path.resolve(process.cwd(), args.path)\n      const existing = await fs.readdir(desiredPath)\n      return { ok: existing.length === 0 }\n    }\n  }\n}\n',
  });
  it('a resolver whose field requires a permission that administers the server reads admin-only input', async () => {
    expect(await findings(app('["manage:system"]'))).toEqual(['js.path-file.traversal-taint:10:low']);
  });
  it('a field any of whose permissions an ordinary user holds keeps its severity', async () => {
    expect(await findings(app('["write:pages", "manage:system"]'))).toEqual(['js.path-file.traversal-taint:10:high']);
  });
});

describe('a view behind a named permission or an opening admin check (Flask)', () => {
  const app = (decorator: string, check = '') => ({
    'app/api.py':
      "import os\nfrom flask import Blueprint, request, abort\nfrom .access import Permissions, settings\napi = Blueprint('api', __name__)\n\n" +
      `@api.route('/languages', methods=['POST'])\n${decorator}\ndef upload_pack():\n${check}    upload_path = request.values['file.path']\n    os.remove(os.path.join('/srv/packs', upload_path))\n    return ''\n`,
    'app/access.py':
      'class Permission:\n    def __init__(self, name, default_groups=()):\n        self.name = name\n\n\nclass Permissions:\n' +
      '    SETTINGS = Permission(\n        "Settings",\n        default_groups=[ADMIN_GROUP],\n    )\n    TIMELAPSE_ADMIN = Permission(\n        "Timelapse admin",\n        default_groups=[USER_GROUP],\n    )\n',
  });
  it('a permission whose declared default roles are admin caps the flow', async () => {
    expect(await findings(app('@Permissions.SETTINGS.require(403)'))).toEqual(['py.path-file.traversal-taint:10:low']);
  });
  it('a permission named like an admin one that the project grants ordinary users keeps its severity', async () => {
    expect(await findings(app('@Permissions.TIMELAPSE_ADMIN.require(403)'))).toEqual(['py.path-file.traversal-taint:10:high']);
  });
  it('a permission no declaration describes is judged by its name: installing plugins is administrative, reading is not', async () => {
    expect(await findings(app('@Permissions.PLUGIN_MANAGER_INSTALL.require(403)'))).toEqual(['py.path-file.traversal-taint:10:low']);
    expect(await findings(app('@Permissions.SETTINGS_READ.require(403)'))).toEqual(['py.path-file.traversal-taint:10:high']);
  });
  it('a handler that opens by refusing non-admins (a first-run setting aside) reads admin-only input', async () => {
    const check = (c: string) => `    if ${c}:\n        abort(403)\n`;
    expect(await findings(app('@login_required', check('not (Permissions.ADMIN.can() and recently_checked()) and not settings().get(["server", "firstRun"])')))).toEqual(['py.path-file.traversal-taint:12:low']);
    expect(await findings(app('@login_required', check('not Permissions.ADMIN.can() and not current_user.is_owner')))).toEqual(['py.path-file.traversal-taint:12:high']);
    expect(await findings(app('@login_required', check('not (Permissions.ADMIN.can() or recently_checked())')))).toEqual(['py.path-file.traversal-taint:12:high']);
  });
});

describe('a Django view served by the admin site\'s URL helper', () => {
  const app = (extra: string) => ({
    'shop/urls.py': "from django.urls import path\nurlpatterns = []\n",
    'shop/addons/module.py':
      `from shop.admin.urls import admin_url\n\ndef get_urls():\n    return [\n        admin_url(r"^addons/confirm/$", "shop.addons.views.AddonConfirmView", name="addon.confirm"${extra}),\n    ]\n`,
    'shop/addons/views/upload.py':
      'import os\nimport tempfile\nfrom django.views.generic import FormView\n\n\nclass AddonConfirmView(FormView):\n    def get_addon_path(self):\n' +
      '        token = self.request.GET.get("token")\n        path = os.path.join(tempfile.gettempdir(), token, "addon.whl")\n        return open(path, "rb").read()\n',
  });
  it('a view only the admin site serves reads admin-only input', async () => {
    expect(await findings(app(''))).toEqual(['py.path-file.traversal-taint:10:low']);
  });
  it('the same view opted out of the admin sign-in keeps its severity', async () => {
    expect(await findings(app(', require_authentication=False'))).toEqual(['py.path-file.traversal-taint:10:high']);
  });
});

describe('a role list is admin-only when every role in it administers', () => {
  const app = (roles: string) => ({
    'server/endpoints/ext.js':
      "const { flexUserRoleValid, ROLES } = require('../utils/roles');\nfunction extEndpoints(app) {\n" +
      `  app.post('/ext/wiki', [flexUserRoleValid(${roles})], async (request, response) => {\n` +
      '    const res = await fetch(request.body.baseUrl + "/api/spaces");\n    response.json(await res.json());\n  });\n}\nmodule.exports = { extEndpoints };\n',
  });
  it('admin and manager', async () => {
    expect(await findings(app('[ROLES.admin, ROLES.manager]'))).toEqual(['js.ssrf-redirect.ssrf-taint:4:low']);
  });
  it('admin beside the default role lets every user in', async () => {
    expect(await findings(app('[ROLES.admin, ROLES.default]'))).toEqual(['js.ssrf-redirect.ssrf-taint:4:high']);
  });
});
