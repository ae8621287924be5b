import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { Check, Copy } from 'lucide-react';
import { COPY_CONFIRM_API_KEY_MS, MESSAGES, planHasUnlimitedCredits, type TUser } from '@duescan/contracts';
import { formatDate } from '../../components/format';
import { PageHeader, Panel } from '../../components/PageHeader';
import { PlanBadge } from '../../components/PlanBadge';
import { useUser } from '../../session/session-context';
import { useCopy } from './use-copy';
import { usePageTitle } from '../../components/use-page-title';

export function AccountPage() {
  usePageTitle('Account');
  const user = useUser();
  return (
    <div className="max-w-4xl">
      <PageHeader title="Account" subtitle="Your profile, plan and API key." />
      <div className="grid gap-6 md:grid-cols-2 [&>*]:min-w-0">
        <Panel className="p-6">
          <h2 className="font-semibold text-slate-900">Profile</h2>
          <dl className="mt-4 space-y-3 text-sm">
            <Row label="Email" value={user.email} />
            <Row label="Company" value={user.company?.trim() ? user.company : 'Not specified'} />
            <Row label="Member since" value={formatDate(user.created_at)} />
          </dl>
        </Panel>
        <Subscription user={user} />
      </div>
      <ApiKey apiKey={user.api_token} />
    </div>
  );
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 truncate text-right font-medium text-slate-900" title={typeof value === 'string' ? value : undefined}>
        {value}
      </dd>
    </div>
  );
}

function Subscription({ user }: { user: TUser }) {
  const unlimited = planHasUnlimitedCredits(user.plan);
  return (
    <Panel className="p-6">
      <h2 className="font-semibold text-slate-900">Subscription</h2>
      <dl className="mt-4 space-y-3 text-sm">
        <Row label="Plan" value={<PlanBadge plan={user.plan} />} />
        <Row label="Credits" value={unlimited ? 'Unlimited' : user.credits_remaining} />
      </dl>
      {user.plan === 'free' && (
        <p className="mt-5 rounded-lg bg-indigo-50 px-4 py-3 text-sm text-indigo-900">
          You are on the free plan. Upgrade for deeper analysis and more scan credits.{' '}
          <Link to="/pricing" className="font-semibold underline">
            See plans
          </Link>
        </p>
      )}
    </Panel>
  );
}

function ApiKey({ apiKey }: { apiKey: string }) {
  const { copied, copy } = useCopy(COPY_CONFIRM_API_KEY_MS);
  async function onCopy() {
    if (await copy(apiKey)) toast.success(MESSAGES.apiKeyCopied);
  }
  return (
    <Panel className="mt-6 p-6">
      <h2 className="font-semibold text-slate-900">API key</h2>
      <p className="mt-1 text-sm text-slate-600">
        Use this key with the DueScan command-line tool. Keep it secret: it acts on behalf of your account.
      </p>
      <div className="mt-4 flex gap-2">
        <input
          readOnly
          value={apiKey}
          aria-label="API key"
          data-testid="api-key"
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-800"
        />
        <button
          type="button"
          onClick={() => void onCopy()}
          className="flex items-center gap-2 rounded-lg bg-indigo-600 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-500"
        >
          {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          {copied ? 'Copied!' : 'Copy'}
        </button>
      </div>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">Command-line usage</h3>
      {/* The server address is this service's own: the page is served by the same origin as the API. */}
      <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 px-4 py-3 font-mono text-xs text-slate-100">
        {`duescan login --api-url ${window.location.origin} --token YOUR_API_KEY\nduescan scan . --upload`}
      </pre>
    </Panel>
  );
}
