// The whole process on every engine over real HTTP on loopback: startServer, migrations, pg-boss and the
// worker delivering a queued e-mail (outbox file on one engine path, real SMTP via smtp-server on the other).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../src/config';
import { startRuntime, startServer } from '../src/start';
import { enqueue } from '../src/queue/jobs';
import { MAIL_QUEUE } from '../src/mail/send-mail-job';
import { createTestDatabase, type TestDatabase } from '../src/testing/test-database';
import { ENGINES, POSTGRES_ADMIN_URL, TEST_ENV } from './helpers';

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(ENGINES)('runtime on %s', (engine) => {
  const dbs: TestDatabase[] = [];
  afterAll(async () => {
    for (const db of dbs) await db.drop();
  });

  it('startServer serves the API over HTTP and closes cleanly', async () => {
    const db = await createTestDatabase(engine, POSTGRES_ADMIN_URL);
    dbs.push(db);
    const server = await startServer({ dataDir: db.dataDir, databaseUrl: db.databaseUrl, env: TEST_ENV });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${server.url}/api/v1/health`);
      expect(await health.json()).toEqual({ status: 'ok', database: engine, queue: 'up' });
      const reg = await fetch(`${server.url}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'http@example.com', password: 'longenough' }),
      });
      expect(reg.status).toBe(201);
      expect(reg.headers.get('content-security-policy')).toContain("default-src 'self'");
    } finally {
      await server.close();
    }
    // Reopening the same data proves the close released everything (PGlite lock, pool) and migrations rerun.
    const again = await startServer({ dataDir: db.dataDir, databaseUrl: db.databaseUrl, env: TEST_ENV });
    const login = await fetch(`${again.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'http@example.com', password: 'longenough' }),
    });
    await again.close();
    expect(login.status).toBe(200);
  }, 120_000);

  it('the worker delivers a queued e-mail through pg-boss', async () => {
    const db = await createTestDatabase(engine, POSTGRES_ADMIN_URL);
    dbs.push(db);
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    // PGlite writes to the outbox (no SMTP_URL); PostgreSQL sends over real SMTP: both paths are covered.
    const useSmtp = engine === 'postgres';
    if (useSmtp) await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = useSmtp ? (smtp.server.address() as { port: number }).port : 0;
    const config = loadConfig({
      ...TEST_ENV,
      PORT: '0',
      DATA_DIR: db.dataDir,
      ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      ...(useSmtp ? { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } : {}),
    });
    const runtime = await startRuntime(config, 'all');
    try {
      const id = await enqueue(runtime.boss, MAIL_QUEUE, { to: 'ann@example.com', subject: 'Your report', text: 'Hello from the queue' });
      expect(id).toBeTruthy();
      const message = await waitFor(async () => {
        if (useSmtp) return received[0];
        const files = await readdir(config.outboxDir).catch(() => [] as string[]);
        return files[0] ? readFile(path.join(config.outboxDir, files[0]), 'utf8') : undefined;
      });
      expect(message).toContain('Subject: Your report');
      expect(message).toContain('Hello from the queue');
      const job = await waitFor(async () => {
        const j = await runtime.boss.getJobById(MAIL_QUEUE.queue, id!);
        return j?.state === 'completed' ? j : undefined;
      });
      expect(job.state).toBe('completed');
      await expect(enqueue(runtime.boss, MAIL_QUEUE, { to: 'not-an-address', subject: 's', text: 't' })).rejects.toThrow();
    } finally {
      await runtime.close();
      if (useSmtp) await new Promise<void>((resolve) => smtp.close(resolve));
    }
  }, 120_000);

  // Defined for PostgreSQL only, by design: PGlite is single-process (its lock file refuses a second one).
  if (engine === 'postgres') it('scales out: separate serve and worker processes share one PostgreSQL', async () => {
    const db = await createTestDatabase(engine, POSTGRES_ADMIN_URL);
    dbs.push(db);
    const config = loadConfig({ ...TEST_ENV, PORT: '0', DATA_DIR: db.dataDir, DATABASE_URL: db.databaseUrl! });
    // Both start at once: migrations must serialise (advisory lock) instead of colliding.
    const [api, worker] = await Promise.all([startRuntime(config, 'serve'), startRuntime(config, 'worker')]);
    try {
      expect(api.url).toBeDefined();
      expect(worker.url).toBeUndefined();
      const id = await enqueue(api.boss, MAIL_QUEUE, { to: 'ops@example.com', subject: 'Scale out', text: 'handled elsewhere' });
      const done = await waitFor(async () => {
        const j = await api.boss.getJobById(MAIL_QUEUE.queue, id!);
        return j?.state === 'completed' ? j : undefined;
      });
      expect(done.output).toMatchObject({ file: expect.stringContaining('outbox') });
    } finally {
      await Promise.all([api.close(), worker.close()]);
    }
  }, 120_000);
});
