// Outgoing mail. With SMTP_URL set, nodemailer sends for real; otherwise each message is written as an .eml
// file under DATA_DIR/outbox (open it with any mail client), so a fresh install never needs a mail server.
import { mkdir, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

export const ZMailMessage = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  text: z.string().max(100_000),
  html: z.string().max(500_000).optional(),
  attachments: z
    .array(z.object({ filename: z.string().min(1).max(200), path: z.string().min(1) }))
    .max(5)
    .optional(),
});
export type MailMessage = z.infer<typeof ZMailMessage>;

/** Queued mail (JSON) names files; a report read from the object store is attached as its bytes. */
export type MailAttachment = { filename: string; path: string } | { filename: string; content: Buffer };
export type OutgoingMail = Omit<MailMessage, 'attachments'> & { attachments?: MailAttachment[] };

export interface Mailer {
  send(message: OutgoingMail): Promise<{ messageId: string; file?: string }>;
}

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Pick<FastifyBaseLogger, 'info'>;
}

export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        const info = await transport.sendMail({ from: options.from, ...message });
        options.logger.info({ messageId: info.messageId }, 'mail sent over SMTP');
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await mkdir(options.outboxDir, { recursive: true });
      // The name is ours (time + uuid), never derived from the message: no path tricks through a subject.
      const file = path.join(options.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      options.logger.info({ file }, 'mail written to the outbox (SMTP_URL is not set)');
      return { messageId: info.messageId, file };
    },
  };
}
