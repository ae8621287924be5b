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
    expect(await findings(app('@admin_required'))).toEqual(['py.path-file.traversal-taint:15:medium']);
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
