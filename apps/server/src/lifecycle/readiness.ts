// GET /ready: the load balancer's question "send me traffic?". Unlike /health (liveness: the process answers),
// it checks the database and turns 503 as soon as shutdown begins, so no new work is routed to a stopping node.
import type { FastifyInstance } from 'fastify';
import type { TReadyResponse } from '@duescan/contracts';
import type { SqlExecutor } from '../db/client';
import type { Lifecycle } from './lifecycle';

export const READINESS_MESSAGES = {
  draining: 'Shutting down: not accepting new work',
  database: 'Database unavailable',
} as const;

export interface ReadinessDeps {
  database: SqlExecutor & { kind: 'pglite' | 'postgres' };
  lifecycle?: Pick<Lifecycle, 'draining'>;
  queue: 'up' | 'off';
}

export type Readiness = { ready: true; body: TReadyResponse } | { ready: false; detail: string };

export async function checkReadiness({ database, lifecycle, queue }: ReadinessDeps): Promise<Readiness> {
  if (lifecycle?.draining) return { ready: false, detail: READINESS_MESSAGES.draining };
  try {
    await database.executeSql('select 1');
  } catch {
    return { ready: false, detail: READINESS_MESSAGES.database };
  }
  return { ready: true, body: { status: 'ready', database: database.kind, queue } };
}

export function readinessRoute(deps: ReadinessDeps) {
  return async (api: FastifyInstance) => {
    api.get('/ready', async (_request, reply) => {
      const state = await checkReadiness(deps);
      if (state.ready) return state.body;
      return reply.code(503).send({ detail: state.detail });
    });
  };
}
