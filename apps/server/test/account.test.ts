// GET /account/me, GET /account/usage, POST /account/api-token/rotate on every engine: bearer credentials
// (JWT and API token), missing / expired / forged tokens, real usage counts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { MESSAGES, ZUsageResponse, ZUser } from '@duescan/contracts';
import { deriveKeys } from '../src/auth/keys';
import { scans } from '../src/db/schema';
import { ENGINES, TEST_SECRET, setupTestApp, uniqueEmail, type TestContext } from './helpers';

const NOT_AUTHENTICATED = { detail: MESSAGES.notAuthenticated };

function signToken(secret: string, userId: string, expiresAt: number) {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer('duescan')
    .setAudience('duescan-api')
    .setIssuedAt(expiresAt - 3600)
    .setExpirationTime(expiresAt)
    .sign(deriveKeys(secret).jwt);
}

describe.each(ENGINES)('account on %s', (engine) => {
  let ctx: TestContext;
  let user: { access_token: string; user_id: string; api_token: string };
  beforeAll(async () => {
    ctx = await setupTestApp(engine);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email: uniqueEmail(), password: 'longenough' } });
    user = res.json();
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const get = (url: string, token?: string) =>
    ctx.app.inject({ url, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

  it('returns the user for a valid access token', async () => {
    const res = await get('/api/v1/account/me', user.access_token);
    expect(res.statusCode).toBe(200);
    const me = ZUser.parse(res.json());
    expect(me.id).toBe(user.user_id);
    expect(new Date(me.created_at).getTime()).toBeGreaterThan(Date.now() - 600_000);
  });

  it.each(['/api/v1/account/me', '/api/v1/account/usage'])('answers 401 on %s without a valid credential', async (url) => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await signToken(TEST_SECRET, user.user_id, now - 60);
    const forged = await signToken('another-secret-that-is-long-enough-to-sign-0123456789', user.user_id, now + 3600);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: user.user_id })).toString('base64url')}.`;
    for (const token of [undefined, '', expired, forged, unsigned, 'garbage', 'dsk_not-a-real-token']) {
      const res = await get(url, token);
      expect(res.statusCode, `token ${String(token).slice(0, 20)}`).toBe(401);
      expect(res.json()).toEqual(NOT_AUTHENTICATED);
    }
    // The same signing path with a future expiry works: the failures above are about the token, not the setup.
    expect((await get(url, await signToken(TEST_SECRET, user.user_id, now + 3600))).statusCode).toBe(200);
  });

  it('rejects a token without the Bearer scheme', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/account/me', headers: { authorization: user.access_token } });
    expect(res.statusCode).toBe(401);
  });

  it('accepts the API token as a bearer credential', async () => {
    const res = await get('/api/v1/account/me', user.api_token);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.user_id);
  });

  it('also answers on the doubled /api/v1/api/v1 prefix', async () => {
    const res = await get('/api/v1/api/v1/account/me', user.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(user.user_id);
    const post = await ctx.app.inject({ method: 'POST', url: '/api/v1/api/v1/auth/login', payload: { email: 'x@example.com', password: 'whatever' } });
    expect(post.statusCode).toBe(401);
  });

  it('reports zero usage for a new account', async () => {
    const res = await get('/api/v1/account/usage', user.access_token);
    expect(res.statusCode).toBe(200);
    expect(ZUsageResponse.parse(res.json())).toEqual({
      stats: { total_scans: 0, completed_scans: 0, monthly_scans: 0 },
      recent_scans: [],
      credits_remaining: 3,
      plan: 'free',
    });
  });

  it('counts real scans: total, completed, this month, newest first, only the caller\'s', async () => {
    const reg = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email: uniqueEmail('scanner'), password: 'longenough' } });
    const owner = reg.json();
    const other = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email: uniqueEmail('other'), password: 'longenough' } });
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - 86_400_000);
    const base = { packageType: 'pro' as const, sourceKind: 'url' };
    await ctx.database.db.insert(scans).values([
      { ...base, userId: owner.user_id, projectName: 'old', status: 'completed', createdAt: lastMonth, completedAt: lastMonth, reportPdfPath: 'r/old.pdf', score: 71.5 },
      { ...base, userId: owner.user_id, projectName: 'done', status: 'completed', createdAt: new Date(now.getTime() - 60_000), completedAt: now, reportPdfPath: 'r/done.pdf', score: 88 },
      { ...base, userId: owner.user_id, projectName: 'broken', status: 'failed', createdAt: now, errorMessage: 'Repository not found' },
      { ...base, userId: other.json().user_id, projectName: 'not mine', status: 'completed', createdAt: now },
    ]);
    const res = await get('/api/v1/account/usage', owner.access_token);
    const usage = ZUsageResponse.parse(res.json());
    expect(usage.stats).toEqual({ total_scans: 3, completed_scans: 2, monthly_scans: 2 });
    expect(usage.recent_scans.map((s) => s.project_name)).toEqual(['broken', 'done', 'old']);
    const [broken, done] = usage.recent_scans;
    expect(broken).toMatchObject({ status: 'failed', error_message: 'Repository not found', report_url: null, score: null });
    expect(done).toMatchObject({ status: 'completed', score: 88, report_url: `/api/v1/reports/${done!.id}` });
  });

  it('rotates the API token: the new one works, the old one is refused at once', async () => {
    const rotate = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/api-token/rotate', headers: { authorization: `Bearer ${user.api_token}` } });
    expect(rotate.statusCode).toBe(200);
    const { api_token: fresh } = rotate.json();
    expect(fresh).toMatch(/^dsk_/);
    expect(fresh).not.toBe(user.api_token);

    expect((await get('/api/v1/account/me', user.api_token)).statusCode).toBe(401);
    const me = await get('/api/v1/account/me', fresh);
    expect(me.statusCode).toBe(200);
    expect(me.json().api_token).toBe(fresh);
    // The access token issued before the rotation is independent of the API token.
    expect((await get('/api/v1/account/me', user.access_token)).json().api_token).toBe(fresh);
    user.api_token = fresh;
  });

  it('survives a change of the server secret: old credentials stop working, sign-in issues a new API token', async () => {
    const email = uniqueEmail('rekey');
    const before = (await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email, password: 'longenough' } })).json();
    const rekeyed = await ctx.buildAnother({ JWT_SECRET: 'a-completely-new-server-secret-0123456789abcdef' });
    const meWith = (token: string) => rekeyed.inject({ url: '/api/v1/account/me', headers: { authorization: `Bearer ${token}` } });
    expect((await meWith(before.access_token)).statusCode).toBe(401);
    expect((await meWith(before.api_token)).statusCode).toBe(401);

    const login = await rekeyed.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: 'longenough' } });
    expect(login.statusCode).toBe(200);
    const after = login.json();
    expect(after.api_token).not.toBe(before.api_token);
    expect((await meWith(after.api_token)).json()).toMatchObject({ email, api_token: after.api_token });
  });

  it('refuses rotation without credentials', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/account/api-token/rotate' });
    expect(res.statusCode).toBe(401);
  });
});
