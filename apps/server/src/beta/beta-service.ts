// The beta programme (spec sections 2 and 9). An application is stored and mailed to support; the first
// BETA_AUTO_ACCEPT_LIMIT distinct applicants are accepted at once (a limited counter taken in the same
// transaction), later ones by an operator (`node dist/main.js beta accept <email>`). Acceptance queues the
// welcome job (free credits + the BETA50 code by e-mail). The feedback e-mail is scheduled when an accepted
// tester's first scan completes, to be sent BETA_FEEDBACK_DELAY later (a pg-boss job with startAfter: it is a
// row in the database, so it survives restarts).
import type PgBoss from 'pg-boss';
import { BETA_FREE_CREDITS, type TBetaRequest } from '@duescan/contracts';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { MAIL_QUEUE } from '../mail/send-mail-job';
import { enqueue } from '../queue/jobs';
import { claimSlot } from '../promo/limited-counter';
import { inTransaction, type TxExecutor } from '../db/transaction';
import { insertFormMessage, supportMail, type FormMessage } from '../contact/form-store';
import { BETA_FEEDBACK_QUEUE, BETA_WELCOME_QUEUE } from './beta-queues';

export const AUTO_ACCEPT_COUNTER = 'beta:auto-accept';

async function accept(tx: TxExecutor, boss: PgBoss, email: string, by: 'auto' | 'operator'): Promise<boolean> {
  const { rows } = await tx.executeSql(
    `update beta_applicants set status = 'accepted', accepted_by = $2, accepted_at = now(), free_credits = $3
      where email = $1 and status = 'pending' returning email`,
    [email, by, BETA_FREE_CREDITS],
  );
  if (rows.length === 0) return false;
  await enqueue(boss, BETA_WELCOME_QUEUE, { email }, { db: tx, singletonKey: `beta-welcome:${email}` });
  return true;
}

export function createBetaService(deps: { database: Database; boss: PgBoss; supportEmail: string }) {
  return {
    async apply(body: TBetaRequest, clientIp: string): Promise<{ stored: boolean; accepted: boolean }> {
      if (body.hp.trim() !== '') return { stored: false, accepted: false };
      const message: FormMessage = {
        kind: 'beta',
        name: body.name,
        email: body.email,
        company: body.company,
        topic: body.programming_language,
        message: body.message,
        clientIp,
      };
      const accepted = await inTransaction(deps.database, async (tx) => {
        await insertFormMessage(tx, message);
        const inserted = await tx.executeSql(
          `insert into beta_applicants (email, name, programming_language) values ($1, $2, $3)
           on conflict (email) do nothing returning email`,
          [body.email, body.name, body.programming_language],
        );
        // Only a first application takes a slot; applying twice never re-accepts or re-sends.
        const autoAccepted = inserted.rows.length > 0 && (await claimSlot(tx, AUTO_ACCEPT_COUNTER)) && (await accept(tx, deps.boss, body.email, 'auto'));
        const status = inserted.rows.length === 0 ? 'repeat application' : autoAccepted ? 'accepted automatically' : 'waiting for an operator';
        await enqueue(deps.boss, MAIL_QUEUE, supportMail(deps.supportEmail, message, [`Status: ${status}`]), { db: tx });
        return autoAccepted;
      });
      return { stored: true, accepted };
    },

    /** The operator's acceptance of an applicant beyond the automatic ones. */
    async acceptByOperator(email: string): Promise<'accepted' | 'already-accepted'> {
      const normalized = email.trim().toLowerCase();
      return inTransaction(deps.database, async (tx) => {
        if (await accept(tx, deps.boss, normalized, 'operator')) return 'accepted';
        const { rows } = await tx.executeSql('select status from beta_applicants where email = $1', [normalized]);
        if (rows.length === 0) throw new AppError('not_found', `No beta application from ${normalized}`, 404);
        return 'already-accepted';
      });
    },
  };
}
export type BetaService = ReturnType<typeof createBetaService>;

/**
 * Called by the scan job when a scan completes: for an accepted tester whose feedback mail is not queued yet,
 * mark it and queue it to start after `delayMs`, in one transaction (a crash never loses or doubles it).
 */
export async function scheduleBetaFeedback(database: Database, boss: PgBoss, userId: string, delayMs: number): Promise<boolean> {
  return inTransaction(database, async (tx) => {
    const { rows } = await tx.executeSql(
      `update beta_applicants b set feedback_queued_at = now()
         from users u
        where u.id = $1 and b.email = u.email and b.status = 'accepted' and b.feedback_queued_at is null
        returning b.email`,
      [userId],
    );
    const row = rows[0] as { email: string } | undefined;
    if (!row) return false;
    const startAfter = new Date(Date.now() + delayMs);
    await enqueue(boss, BETA_FEEDBACK_QUEUE, { email: row.email }, { db: tx, startAfter, singletonKey: `beta-feedback:${row.email}` });
    return true;
  });
}
