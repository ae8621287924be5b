// Contact and beta forms end to end on each engine: the whole runtime (API + worker), real SMTP on loopback.
// Stored messages, mail to the support address, honeypot, validation, the per-address limit; the beta
// programme's automatic and operator acceptance with credits and BETA50 by e-mail, and the feedback e-mail
// scheduled after the first completed scan, surviving a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETA_FREE_CREDITS, BETA_PROMO_CODE, STARTING_CREDITS } from '@duescan/contracts';
import { loadConfig } from '../src/config';
import { createBetaService } from '../src/beta/beta-service';
import { runBetaCommand } from '../src/beta/beta-command';
import { ENGINES, uniqueEmail } from './helpers';
import { startSmtp } from './receivers';
import { makeGitRepo, signUp, startScanRuntime, waitFor, waitForScan, type ScanRuntime } from './scan-runtime';

const SUPPORT = 'support-desk@example.com';
const FEEDBACK_DELAY_MS = 10_000;
const FEEDBACK_SUBJECT = 'Subject: How was your first DueScan report?';

describe.each(ENGINES)('contact and beta forms on %s', (engine) => {
  let rt: ScanRuntime;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const env = { SUPPORT_EMAIL: SUPPORT, FORM_RATE_LIMIT_PER_IP: '12', BETA_FEEDBACK_DELAY: `${FEEDBACK_DELAY_MS}ms` };

  beforeAll(async () => {
    smtp = await startSmtp();
    rt = await startScanRuntime(engine, { ...env, SMTP_URL: smtp.url });
  }, 120_000);
  afterAll(async () => {
    await rt?.close();
    await rt?.testDb.drop();
    await smtp?.close();
  });

  const post = async (path: string, body: object) => {
    const res = await fetch(`${rt.url}/api/v1${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  const mailTo = (to: string, contains: string) => waitFor(async () => smtp.messages.find((m) => m.includes(`To: ${to}`) && m.includes(contains)), 30_000);
  const rows = async (sql: string, values: unknown[] = []) => (await rt.runtime.database.executeSql(sql, values)).rows as Record<string, unknown>[];

  it('contact: stores the message and mails it to the support address; the honeypot stores and sends nothing', async () => {
    const bot = await post('/contact', { name: 'Bot', email: 'bot@example.com', message: 'honeypot-marker', hp: 'http://spam.example' });
    expect(bot).toEqual({ status: 200, json: { success: true } });
    const email = uniqueEmail('contact');
    const ok = await post('/contact', { name: 'Ada', email, company: 'Acme', industry: 'fintech', message: 'We raise a seed round in May.', hp: '' });
    expect(ok).toEqual({ status: 200, json: { success: true } });
    const mail = await mailTo(SUPPORT, email);
    expect(mail).toContain('Subject: Contact: Ada');
    expect(mail).toContain('Industry: fintech');
    expect(mail).toContain('We raise a seed round in May.');
    expect(await rows('select kind, name, company, topic from form_messages where email = $1', [email])).toEqual([
      { kind: 'contact', name: 'Ada', company: 'Acme', topic: 'fintech' },
    ]);
    expect(await rows(`select 1 from form_messages where message = 'honeypot-marker'`)).toHaveLength(0);
    expect(smtp.messages.some((m) => m.includes('honeypot-marker'))).toBe(false);
  });

  it('validates the fields', async () => {
    const noName = await post('/contact', { name: ' ', email: uniqueEmail(), message: 'x' });
    expect(noName.status).toBe(422);
    expect(noName.json.detail).toContain('Name is required');
    expect((await post('/contact', { name: 'A', email: 'not-an-email', message: 'x' })).status).toBe(422);
    expect((await post('/contact', { name: 'A', email: uniqueEmail(), message: 'x', industry: 'casino' })).status).toBe(422);
    const noLanguage = await post('/beta-testers', { name: 'A', email: uniqueEmail(), message: 'x' });
    expect(noLanguage.status).toBe(422);
    expect(noLanguage.json.detail).toContain('Programming language is required');
  });

  it('beta: an applicant with an account is accepted at once: credits on the account, BETA50 by e-mail, support informed', async () => {
    const user = await signUp(rt.url, 'tester');
    const res = await post('/beta-testers', { name: 'Grace', email: user.email, programming_language: 'python', message: 'Django app', hp: '' });
    expect(res).toEqual({ status: 200, json: { success: true } });
    const welcome = await mailTo(user.email, 'Welcome to the DueScan beta');
    expect(welcome).toContain(BETA_PROMO_CODE);
    expect(welcome).toContain(`${BETA_FREE_CREDITS} free scan credits are on your DueScan account.`);
    expect(await mailTo(SUPPORT, `<${user.email}>`)).toContain('Status: accepted automatically');
    expect((await user.call('GET', '/account/me')).json.credits_remaining).toBe(STARTING_CREDITS + BETA_FREE_CREDITS);
    // Applying again neither re-accepts nor adds credits.
    await post('/beta-testers', { name: 'Grace', email: user.email, programming_language: 'python', message: 'again' });
    await mailTo(SUPPORT, 'Status: repeat application');
    expect((await user.call('GET', '/account/me')).json.credits_remaining).toBe(STARTING_CREDITS + BETA_FREE_CREDITS);
  });

  it('beta: an applicant without an account gets the credits when registering with that address', async () => {
    const email = uniqueEmail('later');
    await post('/beta-testers', { name: 'Linus', email, programming_language: 'javascript', message: 'Node API' });
    expect(await mailTo(email, 'Welcome to the DueScan beta')).toContain('will be added when you create your account');
    const register = await fetch(`${rt.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'longenough' }),
    });
    const token = ((await register.json()) as { access_token: string }).access_token;
    const me = (await (await fetch(`${rt.url}/api/v1/account/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { credits_remaining: number };
    expect(me.credits_remaining).toBe(STARTING_CREDITS + BETA_FREE_CREDITS);
  });

  it('beta: after the first 100, applicants wait for the operator, who accepts them', async () => {
    await rt.runtime.database.executeSql(`update limited_counters set used = max where name = 'beta:auto-accept'`);
    const email = uniqueEmail('waiting');
    await post('/beta-testers', { name: 'Late', email, programming_language: 'java', message: 'Spring' });
    expect(await mailTo(SUPPORT, `<${email}>`)).toContain('Status: waiting for an operator');
    expect(await rows('select status from beta_applicants where email = $1', [email])).toEqual([{ status: 'pending' }]);
    const beta = createBetaService({ database: rt.runtime.database, boss: rt.runtime.boss, supportEmail: SUPPORT });
    expect(await beta.acceptByOperator(email.toUpperCase())).toBe('accepted');
    expect(await beta.acceptByOperator(email)).toBe('already-accepted');
    await expect(beta.acceptByOperator('nobody@example.com')).rejects.toMatchObject({ status: 404 });
    expect(await mailTo(email, 'Welcome to the DueScan beta')).toContain(BETA_PROMO_CODE);
    expect(await rows('select accepted_by from beta_applicants where email = $1', [email])).toEqual([{ accepted_by: 'operator' }]);
  });

  it('beta: the feedback e-mail is scheduled after the first completed scan and survives a restart', async () => {
    await rt.runtime.database.executeSql(`update limited_counters set used = 0 where name = 'beta:auto-accept'`);
    const user = await signUp(rt.url, 'feedback');
    await post('/beta-testers', { name: 'Barbara', email: user.email, programming_language: 'typescript', message: 'TS' });
    await mailTo(user.email, 'Welcome to the DueScan beta');
    const repo = await makeGitRepo('beta-app');
    const created = await user.call('POST', '/scans/create', { project_url: `file://${repo}`, package_type: 'quick' });
    expect(created.status).toBe(201);
    const done = await waitForScan(user, created.json.id);
    expect(done.status).toBe('completed');
    await waitFor(async () => (await rows('select feedback_queued_at from beta_applicants where email = $1', [user.email]))[0]?.feedback_queued_at);
    // Let the scan's own report e-mail go out first: a job picked up while the queue stops would fail on a closed pool.
    await mailTo(user.email, 'Your DueScan report for beta-app');
    // Stop the whole install before the delay is over and start it again on the same database.
    const port = new URL(rt.url).port; // the same address again: the signed-in client keeps working
    await rt.close();
    expect(smtp.messages.some((m) => m.includes(`To: ${user.email}`) && m.includes(FEEDBACK_SUBJECT))).toBe(false);
    rt = await startScanRuntime(engine, { ...env, SMTP_URL: smtp.url, PORT: port }, rt.testDb);
    const feedback = await mailTo(user.email, FEEDBACK_SUBJECT);
    expect(feedback).toContain('Which finding was a false alarm, if any?');
    const completedAt = new Date(done.completed_at).getTime();
    expect(Date.now() - completedAt).toBeGreaterThanOrEqual(FEEDBACK_DELAY_MS - 500);
    // A second completed scan does not schedule another one.
    const again = await user.call('POST', '/scans/create', { project_url: `file://${repo}`, package_type: 'quick' });
    await waitForScan(user, again.json.id);
    const jobs = await rows(`select count(*)::int as n from pgboss.job where name = 'beta.feedback'`);
    expect(jobs[0]).toEqual({ n: 1 });
  }, 120_000);

  it('the operator command accepts from the command line (usage errors exit 2)', async () => {
    const lines: string[] = [];
    const config = loadConfig(rt.env);
    expect(await runBetaCommand(['accept'], config, (l) => lines.push(l))).toBe(2);
    expect(lines[0]).toMatch(/^Usage: node dist\/main\.js beta accept <email>/);
    await rt.runtime.database.executeSql(`update limited_counters set used = max where name = 'beta:auto-accept'`);
    const email = uniqueEmail('cli');
    await post('/beta-testers', { name: 'Cli', email, programming_language: 'other', message: 'Go' });
    // The support mail is the application's last job: once it is out, the queue is idle and can stop cleanly.
    await mailTo(SUPPORT, `<${email}>`);
    // PGlite allows one process: the command runs while the install is stopped, the worker sends after restart.
    await rt.close();
    expect(await runBetaCommand(['accept', email], config, (l) => lines.push(l))).toBe(0);
    expect(lines.at(-1)).toContain(`Accepted ${email}`);
    rt = await startScanRuntime(engine, { ...env, SMTP_URL: smtp.url }, rt.testDb);
    expect(await mailTo(email, 'Welcome to the DueScan beta')).toContain(BETA_PROMO_CODE);
  }, 90_000);

  it('limits form posts per client address', async () => {
    let status = 0;
    for (let i = 0; i < 13 && status !== 429; i++) {
      status = (await post('/contact', { name: 'Flood', email: uniqueEmail('flood'), message: `m${i}` })).status;
    }
    expect(status).toBe(429);
  });
});
