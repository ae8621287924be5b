import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { PLANS, type PlanId, type PlanInfo } from '@duescan/contracts';
import { planLabel } from '../../components/PlanBadge';
import { useSession } from '../../session/session-context';
import { PLAN_COPY } from './plan-copy';
import { usePageTitle } from '../../components/use-page-title';

export function PricingPage() {
  usePageTitle('Pricing');
  const { state } = useSession();
  const currentPlan = state.status === 'authenticated' ? state.user.plan : null;
  const standard = PLANS.filter((plan) => plan.id !== 'custom');
  const custom = PLANS.find((plan) => plan.id === 'custom');
  return (
    <div className="mx-auto max-w-6xl px-6 py-14">
      <p className="mx-auto w-fit rounded-full bg-amber-100 px-4 py-1.5 text-sm font-semibold text-amber-900">
        50% off all plans! Prices double after beta.
      </p>
      <h1 className="mt-6 text-center text-4xl font-extrabold tracking-tight text-slate-900">Plans and pricing</h1>
      <p className="mt-3 text-center text-slate-600">One-time payments. No subscription. Each scan uses one credit.</p>
      {currentPlan && currentPlan !== 'free' && (
        <p className="mt-3 text-center text-sm font-medium text-indigo-700">You are on the {planLabel(currentPlan)} plan.</p>
      )}
      <div className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {standard.map((plan) => (
          <PlanCard key={plan.id} plan={plan} currentPlan={currentPlan} />
        ))}
      </div>
      {custom && <CustomCard plan={custom} />}
      <section className="mt-10 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h2 className="text-xl font-bold text-slate-900">Volume discounts and partner programs</h2>
        <ul className="mt-3 space-y-1 text-sm text-slate-600">
          <li>10-25 scans: 20% off</li>
          <li>26-50 scans: 30% off</li>
          <li>More than 50 scans: contact sales</li>
        </ul>
        <Link to="/contact" className="mt-4 inline-block text-sm font-semibold text-indigo-600 hover:text-indigo-500">
          Contact us about volume pricing
        </Link>
      </section>
    </div>
  );
}

function PlanCard({ plan, currentPlan }: { plan: PlanInfo; currentPlan: PlanId | null }) {
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
        {plan.listPrice !== null && <span className="text-sm text-slate-400 line-through">${plan.listPrice}</span>}
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
          <Link to="/docs/get-started" className="mt-2 inline-block font-semibold text-indigo-600 hover:text-indigo-500">
            Install instructions
          </Link>
        </div>
      )}
      {isCurrent ? (
        <button type="button" disabled className="mt-6 rounded-lg bg-slate-100 px-4 py-2 text-sm font-semibold text-slate-500">
          Current Plan
        </button>
      ) : (
        <Link
          to={currentPlan ? '/contact' : '/register'}
          className="mt-6 rounded-lg bg-indigo-600 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-indigo-500"
        >
          {currentPlan ? 'Contact us' : plan.price === null ? 'Start free' : 'Get started'}
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
