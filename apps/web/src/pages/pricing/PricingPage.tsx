import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { Check } from 'lucide-react';
import { MESSAGES, PLANS, VOLUME_MAX_SCANS, VOLUME_TIERS, type PlanId, type PlanInfo, type PurchasablePlanId } from '@duescan/contracts';
import { PAGE_META } from '../../components/page-meta';
import { planLabel } from '../../components/PlanBadge';
import { usePageMeta } from '../../components/use-page-title';
import { useSession } from '../../session/session-context';
import { PLAN_COPY } from './plan-copy';

// Loaded when a plan is bought: the page itself renders without the HTTP client and the card forms.
const PurchaseModal = lazy(async () => ({ default: (await import('./PurchaseModal')).PurchaseModal }));

type PurchasablePlan = PlanInfo & { id: PurchasablePlanId };

function isPurchasable(plan: PlanInfo): plan is PurchasablePlan {
  return plan.id === 'pro' || plan.id === 'enterprise' || plan.id === 'ultra';
}

export function PricingPage() {
  usePageMeta(PAGE_META['/pricing']);
  const { state } = useSession();
  const currentPlan = state.status === 'authenticated' ? state.user.plan : null;
  const [buying, setBuying] = useState<PurchasablePlan | null>(null);
  const startPurchase = (plan: PurchasablePlan) => {
    // Spec section 5: buying requires being signed in.
    if (!currentPlan) toast.error(MESSAGES.loginToSubscribe);
    else setBuying(plan);
  };
  const standard = PLANS.filter((plan) => plan.id !== 'custom');
  const custom = PLANS.find((plan) => plan.id === 'custom');
  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
      <p className="mx-auto w-fit rounded-full bg-amber-100 px-4 py-1.5 text-sm font-semibold text-amber-900">
        50% off all plans! Prices double after beta.
      </p>
      <h1 className="mt-6 text-center text-4xl font-extrabold tracking-tight text-slate-900">Plans and pricing</h1>
      <p className="mt-3 text-center text-slate-600">One-time payments. No subscription. Each scan uses one credit.</p>
      {currentPlan && currentPlan !== 'free' && (
        <p className="mt-3 text-center text-sm font-medium text-indigo-800">You are on the {planLabel(currentPlan)} plan.</p>
      )}
      <div className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {standard.map((plan) => (
          <PlanCard key={plan.id} plan={plan} currentPlan={currentPlan} onBuy={startPurchase} />
        ))}
      </div>
      {custom && <CustomCard plan={custom} />}
      <section className="mt-10 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h2 className="text-xl font-bold text-slate-900">Volume discounts and partner programs</h2>
        <ul className="mt-3 space-y-1 text-sm text-slate-600">
          {VOLUME_TIERS.map((tier) => (
            <li key={tier.minScans}>
              {tier.minScans}-{tier.maxScans} scans: {tier.percent}% off
            </li>
          ))}
          <li>More than {VOLUME_MAX_SCANS} scans: contact sales</li>
          <li>Partner programs for funds, accelerators and consultancies that scan their portfolio.</li>
        </ul>
        <Link to="/contact" className="mt-4 inline-block text-sm font-semibold text-indigo-700 hover:text-indigo-500">
          Contact us about volume pricing and partnerships
        </Link>
      </section>
      {buying && (
        <Suspense fallback={null}>
          <PurchaseModal plan={buying} onClose={() => setBuying(null)} />
        </Suspense>
      )}
    </div>
  );
}

function PlanCard({ plan, currentPlan, onBuy }: { plan: PlanInfo; currentPlan: PlanId | null; onBuy: (plan: PurchasablePlan) => void }) {
  const copy = PLAN_COPY[plan.id];
  const isCurrent = currentPlan !== null && plan.plan === currentPlan;
  return (
    <div className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${plan.mostPopular ? 'border-indigo-500 ring-2 ring-indigo-500' : 'border-slate-200'}`}>
      {plan.mostPopular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold text-white">
          Most Popular
        </span>
      )}
      <h2 className="text-lg font-bold text-slate-900">{plan.name}</h2>
      <p className="mt-1 text-sm text-slate-500">{copy.bestFor}</p>
      <p className="mt-4 flex items-baseline gap-2">
        <span className="text-4xl font-extrabold text-slate-900">{plan.price === null ? 'Free' : `$${plan.price}`}</span>
        {plan.listPrice !== null && <span className="text-sm text-slate-500 line-through">${plan.listPrice}</span>}
      </p>
      <p className="mt-1 text-sm font-medium text-slate-700">
        {plan.credits === null ? 'Unlimited scans' : `${plan.credits} scan credits${plan.price === null ? ' to start' : ''}`}
      </p>
      <ul className="mt-5 flex-1 space-y-2 text-sm text-slate-700">
        {copy.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden />
            {feature}
          </li>
        ))}
      </ul>
      {plan.id === 'quick' && (
        <div className="mt-4 text-xs text-slate-600">
          <code className="block rounded bg-slate-900 px-3 py-2 font-mono text-slate-100">duescan scan .</code>
          <Link to="/docs/get-started" className="mt-2 inline-block font-semibold text-indigo-700 hover:text-indigo-500">
            Install instructions
          </Link>
        </div>
      )}
      {isCurrent ? (
        <button type="button" disabled className="mt-6 min-h-11 rounded-lg bg-slate-100 px-4 py-2 text-sm font-semibold text-slate-600">
          Current Plan
        </button>
      ) : isPurchasable(plan) ? (
        <button
          type="button"
          onClick={() => onBuy(plan)}
          className="mt-6 min-h-11 rounded-lg bg-indigo-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-indigo-500"
        >
          Buy {plan.name}
        </button>
      ) : (
        <Link
          to={currentPlan ? '/scans' : '/register'}
          className="mt-6 min-h-11 rounded-lg border border-indigo-600 px-4 py-2 text-center text-sm font-semibold text-indigo-700 hover:bg-indigo-50"
        >
          {currentPlan ? 'Start a Quick scan' : 'Start free'}
        </Link>
      )}
    </div>
  );
}

function CustomCard({ plan }: { plan: PlanInfo }) {
  const copy = PLAN_COPY.custom;
  return (
    <div className="mt-6 flex flex-col items-start justify-between gap-4 rounded-2xl border border-slate-200 bg-slate-900 p-6 text-white md:flex-row md:items-center">
      <div>
        <h2 className="text-lg font-bold">{plan.name}</h2>
        <p className="text-sm text-slate-300">
          From ${plan.price}. {copy.bestFor}: {copy.features.join(', ').toLowerCase()}.
        </p>
      </div>
      <Link to="/contact" className="rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-100">
        Contact sales
      </Link>
    </div>
  );
}
