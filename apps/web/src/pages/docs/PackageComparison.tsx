import { findingsCutFeature, PLANS, type PlanInfo } from '@duescan/contracts';
import { PLAN_COPY } from '../pricing/plan-copy';

// The comparison from the plan catalogue: a table on wide screens, one card per package below 640 px.
const PACKAGES = PLANS.filter((plan) => plan.id !== 'custom');

function price(plan: PlanInfo): string {
  return plan.price === null ? 'Free' : `$${plan.price}`;
}
function scans(plan: PlanInfo): string {
  return plan.credits === null ? 'Unlimited' : String(plan.credits);
}
/** From the tier table the engine runs: Quick shows the findings cut of its rule packs. */
function depth(plan: PlanInfo): string {
  const packs = `${plan.rulePacks} rule packs`;
  const cut = plan.id === 'custom' ? null : findingsCutFeature(plan.id);
  return cut ? `${cut} (${packs})` : packs;
}
function bestFor(plan: PlanInfo): string {
  const text = PLAN_COPY[plan.id].bestFor.replace(/^Best for /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function PackageComparison() {
  return (
    <>
      <table className="hidden w-full text-left sm:table">
        <thead className="text-xs tracking-wide text-slate-600 uppercase">
          <tr>
            <th className="py-2 pr-4">Package</th>
            <th className="py-2 pr-4">Price</th>
            <th className="py-2 pr-4">Scans</th>
            <th className="py-2 pr-4">Static analysis</th>
            <th className="py-2 pr-4">Best for</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {PACKAGES.map((plan) => (
            <tr key={plan.id}>
              <td className="py-2 font-medium text-slate-900">{plan.name}</td>
              <td className="py-2 pr-4">{price(plan)}</td>
              <td className="py-2 pr-4">{scans(plan)}</td>
              <td className="py-2 pr-4">{depth(plan)}</td>
              <td className="py-2 pr-4">{bestFor(plan)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-3 sm:hidden">
        {PACKAGES.map((plan) => (
          <li key={plan.id} className="rounded-lg border border-slate-200 p-3">
            <p className="font-semibold text-slate-900">
              {plan.name} · {price(plan)}
            </p>
            <p>Scans: {scans(plan)}</p>
            <p>Static analysis: {depth(plan)}</p>
            <p>Best for: {bestFor(plan)}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
