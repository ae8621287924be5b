// The payments table. Every order is a row before the provider is called; the grant is ONE conditional UPDATE
// (`granted_at is null`) in the same transaction as the account change, so plan and credits are given exactly
// once per payment however often, and in whatever order, the synchronous answer and the webhooks arrive.
import { higherPlan, type PlanId } from '@duescan/contracts';
import type { Database } from '../db/client';
import { inTransaction } from '../db/transaction';

export interface NewOrder {
  userId: string;
  provider: 'stripe' | 'test';
  plan: PlanId;
  credits: number | null;
  amountCents: number;
  promoCode: string | null;
  promoEmail: string | null;
}

export type PendingStatus = 'requires_action' | 'processing' | 'failed';

export function createPaymentStore(database: Database) {
  return {
    async insert(order: NewOrder): Promise<string> {
      const { rows } = await database.executeSql(
        `insert into payments (user_id, provider, plan, credits, amount_cents, promo_code, promo_email)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [order.userId, order.provider, order.plan, order.credits, order.amountCents, order.promoCode, order.promoEmail],
      );
      return (rows[0] as { id: string }).id;
    },

    async setProviderId(orderId: string, providerPaymentId: string): Promise<void> {
      await database.executeSql(
        'update payments set provider_payment_id = coalesce(provider_payment_id, $2), updated_at = now() where id = $1',
        [orderId, providerPaymentId],
      );
    },

    /** A non-final or failed outcome; never overwrites a granted payment (a late 'failed' of an old attempt). */
    async setStatus(orderId: string, status: PendingStatus): Promise<void> {
      await database.executeSql(
        `update payments set status = $2, updated_at = now() where id = $1 and granted_at is null`,
        [orderId, status],
      );
    },

    /** Grants plan and credits once. Returns true when this call granted, false when it was already done. */
    async grant(orderId: string): Promise<boolean> {
      return inTransaction(database, async (tx) => {
        const { rows } = await tx.executeSql(
          `update payments set status = 'succeeded', granted_at = now(), updated_at = now()
            where id = $1 and granted_at is null
            returning user_id, plan, credits`,
          [orderId],
        );
        const payment = rows[0] as { user_id: string; plan: PlanId; credits: number | null } | undefined;
        if (!payment) return false;
        const user = await tx.executeSql('select plan from users where id = $1 for no key update', [payment.user_id]);
        const current = (user.rows[0] as { plan: PlanId } | undefined)?.plan ?? 'free';
        await tx.executeSql('update users set plan = $2, credits_remaining = credits_remaining + $3 where id = $1', [
          payment.user_id,
          higherPlan(current, payment.plan),
          payment.credits ?? 0,
        ]);
        return true;
      });
    },

    async byId(orderId: string) {
      const { rows } = await database.executeSql('select * from payments where id = $1', [orderId]);
      return rows[0] as { id: string; user_id: string; status: string; granted_at: Date | null; amount_cents: number } | undefined;
    },

    async byProviderId(providerPaymentId: string): Promise<string | null> {
      const { rows } = await database.executeSql('select id from payments where provider_payment_id = $1', [providerPaymentId]);
      return (rows[0] as { id: string } | undefined)?.id ?? null;
    },
  };
}
export type PaymentStore = ReturnType<typeof createPaymentStore>;
