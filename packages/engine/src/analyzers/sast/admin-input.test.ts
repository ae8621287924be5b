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
