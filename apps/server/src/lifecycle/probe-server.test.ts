import { afterEach, describe, expect, it } from 'vitest';
import { createLifecycle } from './lifecycle';
import { startProbeServer, type ProbeServer } from './probe-server';
import { READINESS_MESSAGES } from './readiness';

const database = { kind: 'postgres' as const, executeSql: async () => ({ rows: [] }) };

describe('worker probe server', () => {
  let probe: ProbeServer | undefined;
  afterEach(async () => probe?.close());

  it('answers health and readiness like the API, and readiness 503 once draining', async () => {
    const lifecycle = createLifecycle();
    probe = await startProbeServer({ database, lifecycle, queue: 'up' }, 0, '127.0.0.1');
    const get = async (path: string) => {
      const res = await fetch(`http://127.0.0.1:${probe!.port}${path}`);
      return { status: res.status, json: await res.json() };
    };
    expect(await get('/api/v1/health')).toEqual({ status: 200, json: { status: 'ok', database: 'postgres', queue: 'up' } });
    expect(await get('/api/v1/ready')).toEqual({ status: 200, json: { status: 'ready', database: 'postgres', queue: 'up' } });
    lifecycle.beginDrain();
    expect(await get('/api/v1/ready')).toEqual({ status: 503, json: { detail: READINESS_MESSAGES.draining } });
    expect((await get('/api/v1/scans/list')).status).toBe(404);
  });
});
