// POST /auth/register and POST /auth/login on every engine: success, validation, duplicates, wrong
// credentials, rate limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, STARTING_CREDITS, ZAuthResponse } from '@duescan/contracts';
import { ENGINES, setupTestApp, uniqueEmail, type TestContext } from './helpers';

describe.each(ENGINES)('auth on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await setupTestApp(engine);
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  const register = (body: unknown, remoteAddress = '10.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: body as object, remoteAddress });
  const login = (body: unknown, remoteAddress = '10.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: body as object, remoteAddress });

  it('registers a user on the free plan with the starting credits', async () => {
    const email = uniqueEmail('Ann');
    const res = await register({ email: `  ${email.toUpperCase()} `, password: 'longenough', company: 'ACME' });
    expect(res.statusCode).toBe(201);
    const body = ZAuthResponse.parse(res.json());
    expect(body.api_token).toMatch(/^dsk_[A-Za-z0-9_-]{43}$/);

    const me = await ctx.app.inject({ url: '/api/v1/account/me', headers: { authorization: `Bearer ${body.access_token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      id: body.user_id,
      email: email.toLowerCase(),
      company: 'ACME',
      plan: 'free',
      credits_remaining: STARTING_CREDITS,
      api_token: body.api_token,
    });
  });

  it('stores no usable secret: argon2id hash, keyed token hash and ciphertext only', async () => {
    const email = uniqueEmail();
    const body = (await register({ email, password: 'longenough' })).json();
    const { rows } = await ctx.database.executeSql('select * from users where email = $1', [email]);
    const row = rows[0] as Record<string, string>;
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('longenough');
    expect(JSON.stringify(row)).not.toContain(body.api_token);
    expect(JSON.stringify(row)).not.toContain(body.api_token.slice(12));
    expect(row.company).toBeNull();
  });

  it('rejects a duplicate e-mail, whatever its case and spacing', async () => {
    const email = uniqueEmail();
    expect((await register({ email, password: 'longenough' })).statusCode).toBe(201);
    const dup = await register({ email: ` ${email.toUpperCase()}`, password: 'different-pass' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ detail: MESSAGES.emailTaken });
  });

  it('rejects a malformed e-mail and a short password with actionable messages', async () => {
    const bad = await register({ email: 'not-an-email', password: 'longenough' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ detail: 'Please enter a valid email address' });

    const short = await register({ email: uniqueEmail(), password: 'short' });
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ detail: MESSAGES.passwordTooShort });

    const missing = await register({});
    expect(missing.statusCode).toBe(422);
    expect(typeof missing.json().detail).toBe('string');
  });

  it('logs in with the right password, e-mail matched case-insensitively', async () => {
    const email = uniqueEmail();
    const reg = (await register({ email, password: 'correct horse' })).json();
    const res = await login({ email: email.toUpperCase(), password: 'correct horse' });
    expect(res.statusCode).toBe(200);
    const body = ZAuthResponse.parse(res.json());
    expect(body.user_id).toBe(reg.user_id);
    expect(body.api_token).toBe(reg.api_token);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const email = uniqueEmail();
    await register({ email, password: 'correct horse' });
    const wrongPassword = await login({ email, password: 'wrong horse' });
    const unknownEmail = await login({ email: uniqueEmail('nobody'), password: 'correct horse' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual({ detail: MESSAGES.invalidCredentials });
    expect(unknownEmail.body).toBe(wrongPassword.body);
  });

  it('answers invalid JSON with 400 and a readable detail', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'The request body is not valid JSON' });
  });

  it('rate-limits login per e-mail and per IP with 429 { detail }', async () => {
    const limited = await ctx.buildAnother({ AUTH_RATE_LIMIT_PER_EMAIL: '3', AUTH_RATE_LIMIT_PER_IP: '5' });
    const email = uniqueEmail();
    const attempt = (address: string, who = email) =>
      limited.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: who, password: 'nope-nope' }, remoteAddress: address });

    // Same e-mail from three addresses: the third is allowed, the fourth is blocked although its IP is new.
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) expect((await attempt(ip)).statusCode).toBe(401);
    const perEmail = await attempt('10.1.0.4');
    expect(perEmail.statusCode).toBe(429);
    expect(perEmail.json()).toEqual({ detail: MESSAGES.tooManyRequests });
    expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(0);

    // One address trying many e-mails: blocked after five.
    for (let i = 0; i < 5; i++) expect((await attempt('10.2.0.1', uniqueEmail('spray'))).statusCode).toBe(401);
    expect((await attempt('10.2.0.1', uniqueEmail('spray'))).statusCode).toBe(429);
    // Another address with another e-mail is unaffected.
    expect((await attempt('10.3.0.1', uniqueEmail('other'))).statusCode).toBe(401);
  });

  it('rate-limits registration per IP', async () => {
    const limited = await ctx.buildAnother({ AUTH_RATE_LIMIT_PER_IP: '2' });
    const reg = () =>
      limited.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email: uniqueEmail(), password: 'longenough' }, remoteAddress: '10.9.0.1' });
    expect((await reg()).statusCode).toBe(201);
    expect((await reg()).statusCode).toBe(201);
    const third = await reg();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ detail: MESSAGES.tooManyRequests });
  });
});
