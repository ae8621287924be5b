// Mail goes through the queue so a slow or failing SMTP server never blocks a request; pg-boss retries.
import { defineJob, defineQueue } from '../queue/job-definition';
import { ZMailMessage, type Mailer } from './mailer';

export const MAIL_QUEUE = defineQueue({
  queue: 'mail.send',
  schema: ZMailMessage,
  queueOptions: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
});

export function createSendMailJob(mailer: Mailer) {
  return defineJob(MAIL_QUEUE, { handle: (message) => mailer.send(message) });
}
