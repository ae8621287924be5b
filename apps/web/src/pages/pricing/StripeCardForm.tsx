// Stripe's card form: Stripe.js is fetched from Stripe's host only when this form opens (`@stripe/stripe-js/pure`
// does not load it at import time). If it cannot load (offline, blocked), the form says so and the app works on.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { MESSAGES, type TSubscriptionResponse } from '@duescan/contracts';
import { SubmitButton } from '../../components/AuthCard';

/** A blocked script may never fire load or error: after this long the form stops waiting and says so. */
export const STRIPE_LOAD_TIMEOUT_MS = 15_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Stripe.js load timed out')), ms))]);
}

type LoadState = { status: 'loading' } | { status: 'ready'; stripe: Stripe; card: StripeCardElement } | { status: 'failed' };

export function StripeCardForm({
  publishableKey,
  busy,
  label,
  onPay,
  onConfirmed,
}: {
  publishableKey: string;
  busy: boolean;
  label: string;
  /** Charges the payment method; answers the server's status (null when the call failed and was reported). */
  onPay: (paymentMethodId: string) => Promise<TSubscriptionResponse | null>;
  /** The card needed confirmation (3-D Secure) and Stripe confirmed it. */
  onConfirmed: () => Promise<void>;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [working, setWorking] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | null = null;
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const stripe = await withTimeout(loadStripe(publishableKey), STRIPE_LOAD_TIMEOUT_MS);
      if (cancelled) return;
      if (!stripe || !mount.current) throw new Error('Stripe.js did not load');
      card = stripe.elements().create('card');
      card.mount(mount.current);
      setState({ status: 'ready', stripe, card });
    })().catch(() => !cancelled && setState({ status: 'failed' }));
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (state.status !== 'ready') return;
    setWorking(true);
    try {
      const created = await state.stripe.createPaymentMethod({ type: 'card', card: state.card });
      if (created.error) {
        toast.error(created.error.message ?? MESSAGES.paymentFailed);
        return;
      }
      const answer = await onPay(created.paymentMethod.id);
      if (answer?.status === 'requires_action' && answer.client_secret) {
        const confirmed = await state.stripe.handleNextAction({ clientSecret: answer.client_secret });
        if (confirmed.error) toast.error(confirmed.error.message ?? MESSAGES.paymentFailed);
        else if (confirmed.paymentIntent?.status === 'succeeded') await onConfirmed();
        else toast(MESSAGES.paymentStatus(confirmed.paymentIntent?.status ?? 'unknown'));
      }
    } finally {
      setWorking(false);
    }
  }

  return (
    <form onSubmit={onSubmit} aria-label="Card payment" className="space-y-3">
      <div ref={mount} className="rounded-lg border border-slate-300 px-3 py-3" />
      {state.status === 'loading' && <p className="text-sm text-slate-600">Loading the secure card form...</p>}
      {state.status === 'failed' && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
          The card form could not load from Stripe. Check your connection or content blocker and try again.
        </p>
      )}
      {state.status !== 'failed' && <SubmitButton submitting={busy || working || state.status !== 'ready'} idle={label} busy="Processing..." />}
    </form>
  );
}
