// Operator command: `node apps/server/dist/main.js beta accept <email>` (or `npx tsx apps/server/src/main.ts beta
// accept <email>`). Accepts a beta applicant beyond the automatic ones; the running worker sends the welcome
// e-mail and credits. On the embedded PGlite database the server must be stopped first (one process at a time);
// with DATABASE_URL it runs beside live servers.
import { z } from 'zod';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { createLogger } from '../logger';
import { startBoss } from '../queue/boss';
import { ensureQueues } from '../queue/jobs';
import { AppError } from '../errors';
import { createBetaService } from './beta-service';
import { BETA_WELCOME_QUEUE } from './beta-queues';

export const BETA_USAGE = 'Usage: node dist/main.js beta accept <email>';

/** Returns the process exit code: 0 done, 1 failed, 2 usage error. */
export async function runBetaCommand(args: string[], config: Config, out: (line: string) => void = console.log): Promise<number> {
  const email = z.email().safeParse(args[1]?.trim().toLowerCase());
  if (args[0] !== 'accept' || !email.success || args.length !== 2) {
    out(BETA_USAGE);
    return 2;
  }
  const logger = createLogger(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir, poolSize: 2 });
  try {
    const boss = await database.withStartupLock(async () => {
      const started = await startBoss(database, logger);
      // Acceptance queues the welcome job only; the running worker creates the rest.
      await ensureQueues(started, [BETA_WELCOME_QUEUE]);
      return started;
    });
    try {
      const beta = createBetaService({ database, boss, supportEmail: config.commerce.supportEmail });
      const result = await beta.acceptByOperator(email.data);
      out(result === 'accepted' ? `Accepted ${email.data}: the welcome e-mail with credits and the promo code is queued.` : `${email.data} was already accepted.`);
      return 0;
    } finally {
      await boss.stop({ graceful: false, close: false });
    }
  } catch (error) {
    out(error instanceof AppError ? error.message : `Failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}
