// The cached owner reads (GET /scans/list, GET /account/usage) on every engine: a change to a scan made anywhere
// (here: plain SQL on another connection, as another server process or the worker would) shows on the very next
// request, a worker heartbeat alone does not invalidate, and one user's changes leave the other's cache alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, setupTestApp, uniqueEmail, type TestContext } from './helpers';

describe.each(ENGINES)('cached scan reads on %s', (engine) => {
  let ctx: TestContext;
  const users: { access_token: string; user_id: string }[] = [];
  beforeAll(async () => {
    ctx = await setupTestApp(engine);
    for (let i = 0; i < 2; i++) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email: uniqueEmail('cache'), password: 'longenough' } });
      users.push(res.json());
    }
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const get = async (url: string, who = 0) => {
    const res = await ctx.app.inject({ url, headers: { authorization: `Bearer ${users[who]!.access_token}` } });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const sql = (text: string, values: unknown[] = []) => ctx.database.executeSql(text, values);
  const version = async (who = 0) =>
    Number(((await sql('select scans_version from users where id = $1', [users[who]!.user_id])).rows[0] as { scans_version: string }).scans_version);

  it('shows an inserted, an updated and a deleted scan on the next request', async () => {
    expect((await get('/api/v1/scans/list')).total).toBe(0);
    expect((await get('/api/v1/account/usage')).stats.total_scans).toBe(0);

    await sql(`insert into scans (user_id, project_name, package_type, status, source_kind) values ($1, 'p1', 'quick', 'pending', 'url')`, [users[0]!.user_id]);
    let list = await get('/api/v1/scans/list');
    expect(list.total).toBe(1);
    expect(list.scans[0]).toMatchObject({ project_name: 'p1', status: 'pending' });
    expect((await get('/api/v1/account/usage')).recent_scans[0]).toMatchObject({ project_name: 'p1', status: 'pending' });

    await sql(`update scans set status = 'completed', score = 71.5, completed_at = now(), report_pdf_path = '/x.pdf' where user_id = $1`, [users[0]!.user_id]);
    list = await get('/api/v1/scans/list');
    expect(list.scans[0]).toMatchObject({ status: 'completed', score: 71.5 });
    expect(list.scans[0].report_url).toMatch(/^\/api\/v1\/reports\//);
    expect((await get('/api/v1/account/usage')).stats.completed_scans).toBe(1);

    await sql('delete from scans where user_id = $1', [users[0]!.user_id]);
    expect((await get('/api/v1/scans/list')).total).toBe(0);
    expect((await get('/api/v1/account/usage')).stats.total_scans).toBe(0);
  });

  it('bumps the version for visible changes only, and only the owner\'s', async () => {
    const { id } = (await sql(
      `insert into scans (user_id, project_name, package_type, status, source_kind) values ($1, 'p2', 'pro', 'processing', 'url') returning id`,
      [users[0]!.user_id],
    )).rows[0] as { id: string };
    const mine = await version(0);
    const theirs = await version(1);
    await sql('update scans set heartbeat_at = now() where id = $1', [id]);
    expect(await version(0)).toBe(mine);
    await sql(`update scans set error_message = 'x' where id = $1`, [id]);
    expect(await version(0)).toBe(mine + 1);
    expect(await version(1)).toBe(theirs);
  });

  it('keeps credits and plan fresh on a cached usage answer', async () => {
    await get('/api/v1/account/usage', 1);
    await sql('update users set credits_remaining = 42 where id = $1', [users[1]!.user_id]);
    expect((await get('/api/v1/account/usage', 1)).credits_remaining).toBe(42);
  });
});
