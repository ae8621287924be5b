import type { PlanId } from '@duescan/contracts';

const PLAN_LABEL: Record<PlanId, string> = { free: 'Free', pro: 'Pro', enterprise: 'Enterprise', ultra: 'Ultra' };
const PLAN_STYLE: Record<PlanId, string> = {
  free: 'bg-slate-100 text-slate-700 ring-slate-300',
  pro: 'bg-indigo-50 text-indigo-700 ring-indigo-200',
  enterprise: 'bg-violet-50 text-violet-700 ring-violet-200',
  ultra: 'bg-amber-50 text-amber-800 ring-amber-300',
};

export function planLabel(plan: PlanId): string {
  return PLAN_LABEL[plan];
}

export function PlanBadge({ plan }: { plan: PlanId }) {
  return (
    <span
      data-testid="plan-badge"
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${PLAN_STYLE[plan]}`}
    >
      {PLAN_LABEL[plan]}
    </span>
  );
}
