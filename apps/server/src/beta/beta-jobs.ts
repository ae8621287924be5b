// The beta programme's jobs. beta.welcome: the accepted tester's free credits (if the account exists; otherwise
// the users trigger of migration 0003 adds them at registration) and the e-mail with the BETA50 code.
// beta.feedback: the feedback-form e-mail, queued with startAfter = first completed scan + BETA_FEEDBACK_DELAY.
import {
  BETA_DISCOUNT_PERCENT,
  BETA_FEEDBACK_DELAY_HOURS,
  BETA_PROMO_CODE,
  BETA_PROMO_MAX_REDEMPTIONS,
} from '@duescan/contracts';
import type { Database } from '../db/client';
import type { Mailer } from '../mail/mailer';
import { defineJob } from '../queue/job-definition';
import { inTransaction } from '../db/transaction';
import { BETA_FEEDBACK_QUEUE, BETA_WELCOME_QUEUE } from './beta-queues';

export interface BetaJobDeps {
  database: Database;
  mailer: Mailer;
  publicUrl: string;
}

export function createBetaJobs(deps: BetaJobDeps) {
  return [createBetaWelcomeJob(deps), createBetaFeedbackJob(deps)];
}

function createBetaWelcomeJob(deps: BetaJobDeps) {
  return defineJob(BETA_WELCOME_QUEUE, {
    async handle({ email }) {
      const granted = await inTransaction(deps.database, async (tx) => {
        const { rows } = await tx.executeSql(
          `update beta_applicants set credits_granted_at = now()
          where email = $1 and status = 'accepted' and credits_granted_at is null
            and exists (select 1 from users where email = $1)
          returning free_credits`,
          [email],
        );
        const row = rows[0] as { free_credits: number } | undefined;
        if (row)
          await tx.executeSql(
            'update users set credits_remaining = credits_remaining + $2 where email = $1',
            [email, row.free_credits],
          );
        return row?.free_credits ?? null;
      });
      const { rows } = await deps.database.executeSql(
        'select name, free_credits, credits_granted_at from beta_applicants where email = $1',
        [email],
      );
      const applicant = rows[0] as
        { name: string; free_credits: number; credits_granted_at: Date | null } | undefined;
      if (!applicant) return { skipped: 'no applicant' };
      const url = deps.publicUrl;
      const credits = applicant.credits_granted_at
        ? `${applicant.free_credits} free scan credits are on your DueScan account.`
        : `${applicant.free_credits} free scan credits will be added when you create your account with this address: ${url}/register`;
      await deps.mailer.send({
        to: email,
        subject: 'Welcome to the DueScan beta',
        text: [
          `Hello ${applicant.name},`,
          '',
          'you are in: welcome to the DueScan beta.',
          '',
          credits,
          `Your promo code ${BETA_PROMO_CODE} takes ${BETA_DISCOUNT_PERCENT}% off any plan for the first ${BETA_PROMO_MAX_REDEMPTIONS} testers who redeem it: ${url}/pricing`,
          `${BETA_FEEDBACK_DELAY_HOURS} hours after your first completed scan we will send you a short feedback form.`,
          '',
          'The DueScan team',
        ].join('\n'),
      });
      return { creditsGrantedNow: granted };
    },
  });
}

function createBetaFeedbackJob(deps: BetaJobDeps) {
  return defineJob(BETA_FEEDBACK_QUEUE, {
    async handle({ email }) {
      const { rows } = await deps.database.executeSql(
        'select name from beta_applicants where email = $1 and status = $2',
        [email, 'accepted'],
      );
      const applicant = rows[0] as { name: string } | undefined;
      if (!applicant) return { skipped: 'no accepted applicant' };
      const url = deps.publicUrl;
      await deps.mailer.send({
        to: email,
        subject: 'How was your first DueScan report? (feedback form)',
        text: [
          `Hello ${applicant.name},`,
          '',
          'thank you for running your first DueScan scan. Five questions, two minutes:',
          '',
          '1. Did the findings match real problems in your code?',
          '2. Which finding was a false alarm, if any?',
          '3. Was the fix guidance specific enough to act on?',
          '4. What did the report miss that an investor would ask about?',
          '5. Would you run it again before a funding round?',
          '',
          `Answer in the feedback form (choose "other" as industry and start the message with "Beta feedback"): ${url}/contact`,
          '',
          'Thank you for testing DueScan.',
        ].join('\n'),
      });
      return { sent: true };
    },
  });
}
