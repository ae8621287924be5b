// Queues of the beta programme (kept apart from the job handlers so producers do not import mail code).
import { z } from 'zod';
import { defineQueue } from '../queue/job-definition';

const ZBetaJob = z.object({ email: z.email() });

export const BETA_WELCOME_QUEUE = defineQueue({
  queue: 'beta.welcome',
  schema: ZBetaJob,
  queueOptions: { retryLimit: 5, retryDelay: 30, retryBackoff: true },
});
export const BETA_FEEDBACK_QUEUE = defineQueue({
  queue: 'beta.feedback',
  schema: ZBetaJob,
  queueOptions: { retryLimit: 5, retryDelay: 60, retryBackoff: true },
});
