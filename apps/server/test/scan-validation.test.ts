// Refusals at the API edge (no credit is spent, no job queued): SSRF targets for project and webhook URLs,
// option injection, disabled transports, missing fields, server paths when no root is configured.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@duescan/contracts';
import { ENGINES, setupTestApp, uniqueEmail, type TestContext } from './helpers';

describe.each(ENGINES)('scan create validation on %s', (engine) => {
  let ctx: TestContext;
  let token = '';
  let userId = '';
  const create = (body: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/scans/create', headers: { authorization: `Bearer ${token}` }, payload: body });

  beforeAll(async () => {
    ctx = await setupTestApp(engine);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email: uniqueEmail(), password: 'longenough' } });
    token = res.json().access_token;
    userId = res.json().user_id;
  }, 60_000);
  afterAll(() => ctx?.close());

  it.each(['https://127.0.0.1/org/repo', 'https://169.254.169.254/latest/meta-data/', 'https://10.0.0.8/org/repo', 'https://[::1]/org/repo', 'https://localhost/org/repo'])(
    'refuses project URL %s',
    async (url) => {
      const res = await create({ project_url: url, package_type: 'quick' });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toMatch(/private or local network address/);
    },
  );

  it.each(['http://127.0.0.1:9/hook', 'http://169.254.169.254/latest', 'https://10.1.1.1/x', 'http://[::1]/x'])('refuses webhook URL %s', async (hook) => {
    const res = await create({ project_url: 'https://github.com/expressjs/express', package_type: 'quick', webhook_url: hook });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/^Webhook URL refused: .*private or local network address/);
  });

  it.each(['--upload-pack=touch /tmp/x', '-u x', 'ext::sh -c id', 'https://github.com/a/b --upload-pack=x', 'file:///etc', 'git@host:-oProxyCommand=x'])(
    'refuses injected URL %j',
    async (url) => {
      expect((await create({ project_url: url, package_type: 'quick' })).statusCode).toBe(400);
    },
  );

  it('spec messages for missing fields; server paths are off by default; nothing was charged', async () => {
    expect((await create({ project_url: '', package_type: 'quick' })).json()).toEqual({ detail: MESSAGES.projectUrlRequired });
    expect((await create({ project_url: 'https://github.com/a/b', package_type: 'quick', webhook_url: 'not a url' })).json().detail).toMatch(
      /Webhook URL must be a valid URL/,
    );
    expect((await create({ project_url: '/etc', package_type: 'quick' })).json().detail).toMatch(/server paths is disabled/);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json().credits_remaining).toBe(3);
    const { rows } = await ctx.database.executeSql('select count(*)::int as n from scans where user_id = $1', [userId]);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('needs a signed-in user', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/scans/create', payload: { project_url: 'https://github.com/a/b', package_type: 'quick' } });
    expect(res.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/scans/list' })).statusCode).toBe(401);
  });
});
