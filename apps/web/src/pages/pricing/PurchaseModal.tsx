// The purchase modal (spec sections 2 and 4): promo entry, then card entry; the plan is activated when the
// server answers 'succeeded', any other status is shown as 'Payment status: {status}'.
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { X } from 'lucide-react';
import { MESSAGES, VOLUME_MAX_SCANS, quote, type PlanInfo, type PurchasablePlanId, type TPaymentConfig, type TSubscriptionResponse } from '@duescan/contracts';
import { Link } from 'react-router';
import { errorText } from '../../api/client';
import { createSubscription, getPaymentConfig } from '../../api/purchase';
import { Spinner } from '../../components/Spinner';
import { useSession, useUser } from '../../session/session-context';
import { PromoForm, type AppliedPromo } from './PromoForm';
import { StripeCardForm } from './StripeCardForm';
import { TestCardForm } from './TestCardForm';

function dollars(amount: number): string {
  return `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}

export function PurchaseModal({ plan, onClose }: { plan: PlanInfo & { id: PurchasablePlanId }; onClose: () => void }) {
  const user = useUser();
  const { refreshUser } = useSession();
  const [config, setConfig] = useState<TPaymentConfig | 'failed' | null>(null);
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const [paying, setPaying] = useState(false);
  const [lastStatus, setLastStatus] = useState<string | null>(null);
  /** Scans at the volume price (Pro, Enterprise); null = one plan pack. */
  const [quantity, setQuantity] = useState<number | null>(null);
  const tooMany = quantity !== null && quantity > VOLUME_MAX_SCANS;

  useEffect(() => {
    let cancelled = false;
    getPaymentConfig().then(
      (answer) => !cancelled && setConfig(answer),
      () => !cancelled && setConfig('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && !paying && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, paying]);

  async function activated() {
    toast.success(MESSAGES.paymentSucceeded);
    onClose();
    await refreshUser().catch(() => undefined);
  }

  async function pay(paymentMethodId: string): Promise<TSubscriptionResponse | null> {
    setPaying(true);
    setLastStatus(null);
    try {
      const answer = await createSubscription({ plan: plan.id, paymentMethodId, quantity, promo: promo ? { code: promo.code, email: promo.email } : null });
      if (answer.status === 'succeeded') {
        await activated();
      } else {
        setLastStatus(answer.status);
        toast(MESSAGES.paymentStatus(answer.status));
      }
      return answer;
    } catch (error) {
      toast.error(errorText(error, MESSAGES.paymentFailed));
      return null;
    } finally {
      setPaying(false);
    }
  }

  const basePrice = quantity !== null && !tooMany ? quote(plan.id, { quantity }).discountedCents / 100 : plan.price!;
  const label = `Pay ${dollars(promo ? promo.quote.discounted_price : basePrice)}`;
  const chooseQuantity = (next: number | null) => {
    setQuantity(next);
    // a promo was priced for the previous quantity: price it again
    setPromo(null);
  };
  return (
    <div className="fixed inset-0 z-30 flex items-end justify-center bg-slate-900/60 p-0 sm:items-center sm:p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="purchase-title"
        className="max-h-[100dvh] w-full max-w-lg overflow-y-auto rounded-t-2xl bg-white p-6 shadow-2xl sm:rounded-2xl"
      >
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id="purchase-title" className="text-xl font-bold text-slate-900">
              Buy {plan.name}
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              One-time payment. {plan.credits === null ? 'Unlimited scans.' : `${plan.credits} scan credits.`}
            </p>
          </div>
          <button
            type="button"
            aria-label="Close"
            disabled={paying}
            onClick={onClose}
            className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100"
          >
            <X className="h-5 w-5" aria-hidden />
          </button>
        </div>
        {plan.credits !== null && <VolumeField quantity={quantity} onChange={chooseQuantity} />}
        <PriceLine plan={plan} promo={promo} price={basePrice} />
        <div className="mt-5 space-y-5">
          {promo ? (
            <p className="text-sm font-medium text-emerald-800" data-testid="promo-applied">
              Promo {promo.code} applied for {promo.email}.
            </p>
          ) : (
            !tooMany && <PromoForm plan={plan.id} quantity={quantity} defaultEmail={user.email} onApplied={setPromo} />
          )}
          {config === null && <Spinner label="Loading payment form" />}
          {config === 'failed' && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
              The payment form could not load. Please try again in a moment.
            </p>
          )}
          {tooMany && (
            <p role="alert" className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              More than {VOLUME_MAX_SCANS} scans are priced by our sales team. <Link to="/contact" className="font-semibold underline">Contact sales</Link>.
            </p>
          )}
          {!tooMany && config !== null && config !== 'failed' && config.provider === 'test' && <TestCardForm busy={paying} label={label} onPay={async (id) => void (await pay(id))} />}
          {!tooMany && config !== null && config !== 'failed' && config.provider === 'stripe' && config.publishable_key && (
            <StripeCardForm publishableKey={config.publishable_key} busy={paying} label={label} onPay={pay} onConfirmed={activated} />
          )}
          {lastStatus && (
            <p role="status" className="text-sm font-medium text-amber-800">
              {MESSAGES.paymentStatus(lastStatus)}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

/** Volume purchase: a number of scans at the pack's per-scan price, 20 % off from 10 and 30 % off from 26. */
function VolumeField({ quantity, onChange }: { quantity: number | null; onChange: (quantity: number | null) => void }) {
  return (
    <label className="mt-4 block text-sm text-slate-700">
      <span className="font-medium">Number of scans</span> <span className="text-slate-500">(leave empty for one pack; 10–25 scans 20% off, 26–50 scans 30% off)</span>
      <input
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        name="quantity"
        value={quantity ?? ''}
        onChange={(event) => {
          const n = Number.parseInt(event.target.value, 10);
          onChange(Number.isInteger(n) && n >= 1 ? n : null);
        }}
        className="mt-1 block w-32 rounded-lg border border-slate-300 px-3 py-2"
      />
    </label>
  );
}

function PriceLine({ plan, promo, price }: { plan: PlanInfo; promo: AppliedPromo | null; price: number }) {
  if (promo) {
    return (
      <p className="mt-4 flex flex-wrap items-baseline gap-2" data-testid="purchase-price">
        <span className="text-3xl font-extrabold text-slate-900">{dollars(promo.quote.discounted_price)}</span>
        <span className="text-sm text-slate-500 line-through">{dollars(promo.quote.original_price)}</span>
        <span className="text-sm font-semibold text-emerald-800">You save {dollars(promo.quote.savings)}</span>
      </p>
    );
  }
  return (
    <p className="mt-4 flex items-baseline gap-2" data-testid="purchase-price">
      <span className="text-3xl font-extrabold text-slate-900">{dollars(price)}</span>
      {plan.listPrice !== null && price === plan.price && <span className="text-sm text-slate-500 line-through">{dollars(plan.listPrice)}</span>}
    </p>
  );
}
