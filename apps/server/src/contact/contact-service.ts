// POST /contact: the message is stored and its e-mail to the support address queued in ONE transaction (pg-boss
// enqueues through it), so a stored message is always mailed and a rolled-back one never is. A filled honeypot
// answers like a success and does nothing.
import type PgBoss from 'pg-boss';
import type { TContactRequest } from '@duescan/contracts';
import type { Database } from '../db/client';
import { MAIL_QUEUE } from '../mail/send-mail-job';
import { enqueue } from '../queue/jobs';
import { inTransaction } from '../db/transaction';
import { insertFormMessage, supportMail, type FormMessage } from './form-store';

export function createContactService(deps: { database: Database; boss: PgBoss; supportEmail: string }) {
  return {
    async submit(body: TContactRequest, clientIp: string): Promise<{ stored: boolean }> {
      if (body.hp.trim() !== '') return { stored: false };
      const message: FormMessage = { kind: 'contact', name: body.name, email: body.email, company: body.company, topic: body.industry, message: body.message, clientIp };
      await inTransaction(deps.database, async (tx) => {
        await insertFormMessage(tx, message);
        await enqueue(deps.boss, MAIL_QUEUE, supportMail(deps.supportEmail, message), { db: tx });
      });
      return { stored: true };
    },
  };
}
export type ContactService = ReturnType<typeof createContactService>;
