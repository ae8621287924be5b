import { SUPPORT_EMAIL } from '@duescan/contracts';
import type { FormOutcome } from './use-public-form';

export function SentMessage({ text }: { text: string }) {
  return (
    <p role="status" className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800">
      {text}
    </p>
  );
}

/** The failure text of spec section 8, followed by the support address (as a mail link). */
export function FailureMessage({ outcome, failedText }: { outcome: FormOutcome; failedText: string }) {
  if (outcome.kind !== 'failed' && outcome.kind !== 'invalid') return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
      {outcome.kind === 'invalid' ? (
        outcome.message
      ) : (
        <>
          {failedText}{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold underline">
            {SUPPORT_EMAIL}
          </a>
        </>
      )}
    </p>
  );
}
