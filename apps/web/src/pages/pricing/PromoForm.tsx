import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { MESSAGES, type PurchasablePlanId, type TPromoResponse } from '@duescan/contracts';
import { errorText } from '../../api/client';
import { validatePromo } from '../../api/purchase';
import { Field } from '../../components/AuthCard';

export interface AppliedPromo {
  code: string;
  email: string;
  quote: TPromoResponse;
}

/** Spec sections 4-5: code and e-mail both required; code sent upper-cased, e-mail lower-cased. */
export function PromoForm({ plan, quantity, defaultEmail, onApplied }: { plan: PurchasablePlanId; quantity?: number | null; defaultEmail: string; onApplied: (promo: AppliedPromo) => void }) {
  const [code, setCode] = useState('');
  const [email, setEmail] = useState(defaultEmail);
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim() || !email.trim()) {
      toast.error(MESSAGES.promoFieldsRequired);
      return;
    }
    setSubmitting(true);
    try {
      const quote = await validatePromo({ code, email, plan, quantity });
      if (!quote.valid) {
        toast.error(MESSAGES.promoInvalid);
        return;
      }
      toast.success(MESSAGES.promoApplied);
      onApplied({ code: code.trim().toUpperCase(), email: email.trim().toLowerCase(), quote });
    } catch (error) {
      toast.error(errorText(error, MESSAGES.promoInvalid));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Apply a promo code" className="space-y-3 rounded-xl border border-dashed border-slate-300 p-4">
      <p className="text-sm font-semibold text-slate-900">Have a promo code?</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Promo code" name="promo_code" value={code} onChange={setCode} placeholder="BETA50" autoComplete="off" />
        <Field label="Promo e-mail" name="promo_email" type="email" value={email} onChange={setEmail} autoComplete="email" />
      </div>
      <button
        type="submit"
        disabled={submitting}
        className="rounded-lg border border-indigo-600 px-4 py-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {submitting ? 'Checking...' : 'Apply code'}
      </button>
    </form>
  );
}
