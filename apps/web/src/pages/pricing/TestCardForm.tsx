import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES } from '@duescan/contracts';
import { errorText } from '../../api/client';
import { createTestPaymentMethod } from '../../api/purchase';
import { Field, SubmitButton } from '../../components/AuthCard';
import { parseExpiry } from './card-expiry';

const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'payment succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'card is declined' },
  { number: '4000 0025 0000 3155', outcome: 'card needs confirmation (requires_action)' },
];

/**
 * The built-in test provider's card form (self-hosted and development installs without Stripe): the server
 * tokenizes the card, as Stripe.js would, and charges nothing real.
 */
export function TestCardForm({ busy, label, onPay }: { busy: boolean; label: string; onPay: (paymentMethodId: string) => Promise<void> }) {
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [tokenizing, setTokenizing] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const exp = parseExpiry(expiry);
    if (!exp) {
      toast.error('Enter the expiry date as MM/YY');
      return;
    }
    setTokenizing(true);
    let paymentMethodId: string;
    try {
      paymentMethodId = (await createTestPaymentMethod({ number, exp_month: exp.month, exp_year: exp.year, cvc: cvc.trim() })).payment_method_id;
    } catch (error) {
      toast.error(errorText(error, MESSAGES.paymentFailed));
      return;
    } finally {
      setTokenizing(false);
    }
    await onPay(paymentMethodId);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Card payment" className="space-y-3">
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">
        Test mode: no real card is charged. Use any future expiry and any CVC with{' '}
        {TEST_CARDS.map((card, index) => (
          <span key={card.number}>
            <code className="font-mono">{card.number}</code> ({card.outcome}){index < TEST_CARDS.length - 1 ? ', ' : '.'}
          </span>
        ))}
      </p>
      <Field label="Card number" name="card_number" value={number} onChange={setNumber} autoComplete="cc-number" placeholder="4242 4242 4242 4242" />
      <div className="grid grid-cols-2 gap-3">
        <Field label="Expiry (MM/YY)" name="card_expiry" value={expiry} onChange={setExpiry} autoComplete="cc-exp" placeholder="12/30" />
        <Field label="CVC" name="card_cvc" value={cvc} onChange={setCvc} autoComplete="cc-csc" placeholder="123" />
      </div>
      <SubmitButton submitting={busy || tokenizing} idle={label} busy="Processing..." />
    </form>
  );
}
