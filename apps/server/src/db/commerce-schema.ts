// Tables of the selling side: payments (credits granted once per payment), limited counters (BETA50's first
// 100 e-mails, the beta programme's first 100 applicants), promo redemptions, public form messages and beta
// applicants. Re-exported by schema.ts so drizzle-kit generates their migration with the rest.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PlanId } from '@duescan/contracts';
import { users } from './schema';

export const payments = pgTable(
  'payments',
  {
    /** Our order id: created before the provider is called, sent as its idempotency key and in its metadata. */
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'stripe' | 'test'>().notNull(),
    providerPaymentId: text('provider_payment_id').unique(),
    plan: text('plan').$type<PlanId>().notNull(),
    /** Credits the payment gives; null = the plan is unlimited (Ultra). */
    credits: integer('credits'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    promoCode: text('promo_code'),
    promoEmail: text('promo_email'),
    status: text('status').notNull().default('created'),
    /** Set by the one conditional UPDATE that grants plan and credits: a payment is granted at most once. */
    grantedAt: timestamp('granted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId),
    check('payments_status_check', sql`${t.status} in ('created', 'requires_action', 'processing', 'succeeded', 'failed')`),
    check('payments_provider_check', sql`${t.provider} in ('stripe', 'test')`),
  ],
);

/** A counter with a ceiling, taken one slot at a time by a conditional UPDATE (row lock = no overshoot). */
export const limitedCounters = pgTable('limited_counters', {
  name: text('name').primaryKey(),
  used: integer('used').notNull().default(0),
  max: integer('max').notNull(),
});

export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    code: text('code').notNull(),
    /** Lower-cased: one slot per distinct e-mail address. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.code, t.email] })],
);

export const formMessages = pgTable(
  'form_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'contact' | 'beta'>().notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company').notNull().default(''),
    /** Contact: the industry; beta: the programming language. */
    topic: text('topic').notNull().default(''),
    message: text('message').notNull(),
    clientIp: text('client_ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('form_messages_kind_check', sql`${t.kind} in ('contact', 'beta')`)],
);

export const betaApplicants = pgTable(
  'beta_applicants',
  {
    email: text('email').primaryKey(),
    name: text('name').notNull(),
    programmingLanguage: text('programming_language').notNull(),
    status: text('status').$type<'pending' | 'accepted'>().notNull().default('pending'),
    acceptedBy: text('accepted_by').$type<'auto' | 'operator'>(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Credits promised at acceptance (BETA_FREE_CREDITS then); added to the account once. */
    freeCredits: integer('free_credits').notNull().default(0),
    /** Set when the free credits reached an account (at acceptance, or at registration for a new address). */
    creditsGrantedAt: timestamp('credits_granted_at', { withTimezone: true }),
    /** Set when the feedback e-mail was queued (48 h after the first completed scan). */
    feedbackQueuedAt: timestamp('feedback_queued_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('beta_applicants_status_check', sql`${t.status} in ('pending', 'accepted')`),
    check('beta_applicants_accepted_by_check', sql`${t.acceptedBy} is null or ${t.acceptedBy} in ('auto', 'operator')`),
  ],
);
