// Mail goes through the queue so a slow or failing SMTP server never blocks a request; pg-boss retries.
import { defineJob } from '../queue/job-definition';
import { ZMailMessage } from './mailer';

export const sendMailJob = defineJob({
  queue: 'mail.send',
  schema: ZMailMessage,
  queueOptions: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
  async handle(message, deps) {
    return deps.mailer.send(message);
  },
});
