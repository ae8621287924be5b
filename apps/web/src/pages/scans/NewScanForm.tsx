// The 'New Scan' form (spec sections 2 and 5): a Git URL / Path mode and an Upload Archive mode, a package,
// an optional webhook. Checked here first with the spec's messages; the server's detail is shown verbatim.
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { ALLOWED_ARCHIVE_EXTENSIONS, MESSAGES, PACKAGE_TYPES, packageAllowedForPlan, type PackageType } from '@duescan/contracts';
import { createScan, uploadArchive } from '../../api/scans';
import { errorText } from '../../api/client';
import { Field, FormError, SubmitButton } from '../../components/AuthCard';
import { packageLabel } from '../../components/format';
import { Panel } from '../../components/PageHeader';
import { useSession, useUser } from '../../session/session-context';
import { validateScanForm, type ScanMode } from './validate-scan';

/** Spec section 2 gap: starting a scan gave no feedback until the 5 s refresh showed it. */
export const SCAN_STARTED = 'Scan started. It appears in the list below.';

const MODES: { id: ScanMode; label: string }[] = [
  { id: 'url', label: 'Git URL / Path' },
  { id: 'upload', label: 'Upload Archive' },
];

const inputStyle =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none';

export function NewScanForm({ onCreated }: { onCreated: () => void }) {
  const user = useUser();
  const { refreshUser } = useSession();
  const [mode, setMode] = useState<ScanMode>('url');
  const [projectUrl, setProjectUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [packageType, setPackageType] = useState<PackageType>('quick');
  const [webhookUrl, setWebhookUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = validateScanForm({ mode, projectUrl, file, webhookUrl }, user);
    setError(problem);
    if (problem) return;
    setSubmitting(true);
    const fields = { package_type: packageType, webhook_url: webhookUrl.trim() };
    try {
      if (mode === 'url') await createScan(projectUrl.trim(), fields);
      else await uploadArchive(file!, fields);
      toast.success(SCAN_STARTED);
      setProjectUrl('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      onCreated();
      // The scan spent a credit: the sidebar's count follows.
      await refreshUser().catch(() => undefined);
    } catch (failure) {
      setError(errorText(failure, MESSAGES.scanCreateFailed));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Panel className="mb-8 p-6">
      <h2 className="text-lg font-semibold text-slate-900">New Scan</h2>
      <div role="group" aria-label="Scan source" className="mt-4 inline-flex rounded-lg border border-slate-200 bg-slate-50 p-1">
        {MODES.map((m) => (
          <button
            key={m.id}
            type="button"
            aria-pressed={mode === m.id}
            onClick={() => {
              setMode(m.id);
              setError(null);
            }}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${mode === m.id ? 'bg-white text-indigo-700 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
          >
            {m.label}
          </button>
        ))}
      </div>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          {mode === 'url' ? (
            <Field
              label="Project URL or path"
              name="project_url"
              value={projectUrl}
              onChange={setProjectUrl}
              placeholder="https://github.com/acme/api.git"
            />
          ) : (
            <label className="block">
              <span className="text-sm font-medium text-slate-700">Archive ({ALLOWED_ARCHIVE_EXTENSIONS.join(', ')}, up to 100MB)</span>
              <input
                ref={fileInput}
                name="file"
                type="file"
                accept={ALLOWED_ARCHIVE_EXTENSIONS.join(',')}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
                className={`${inputStyle} file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-indigo-700`}
              />
            </label>
          )}
        </div>
        <label className="block">
          <span className="text-sm font-medium text-slate-700">Package</span>
          <select
            name="package_type"
            value={packageType}
            onChange={(event) => setPackageType(event.target.value as PackageType)}
            className={inputStyle}
          >
            {PACKAGE_TYPES.map((type) => (
              <option key={type} value={type} disabled={!packageAllowedForPlan(user.plan, type)}>
                {packageLabel(type)}
                {packageAllowedForPlan(user.plan, type) ? '' : ' (upgrade your plan)'}
              </option>
            ))}
          </select>
        </label>
        <Field
          label="Webhook URL (optional)"
          name="webhook_url"
          value={webhookUrl}
          onChange={setWebhookUrl}
          placeholder="https://example.com/hooks/duescan"
        />
        <div className="space-y-3 md:col-span-2">
          <FormError message={error} />
          {error === MESSAGES.noCredits && (
            <Link to="/pricing" className="inline-block text-sm font-semibold text-indigo-700 hover:text-indigo-500">
              See plans and buy credits
            </Link>
          )}
          <div className="md:w-48">
            <SubmitButton submitting={submitting} idle="Start Scan" busy="Starting..." />
          </div>
        </div>
      </form>
    </Panel>
  );
}
