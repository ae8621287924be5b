// Wires POST /contact and POST /beta-testers onto the API (called once from the composition root). Both queue
// e-mail, so they need the job queue; an app built without it (API-only tests) does not offer them.
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createBetaService } from '../beta/beta-service';
import { createContactService } from './contact-service';
import { formRoutes } from './routes';

export async function registerForms(api: FastifyInstance, deps: { config: Config; database: Database; boss?: PgBoss }): Promise<void> {
  if (!deps.boss) return;
  const shared = { database: deps.database, boss: deps.boss, supportEmail: deps.config.commerce.supportEmail };
  await api.register(formRoutes(createContactService(shared), createBetaService(shared), deps.config.commerce.formRateLimit));
}
