import { Check, Copy } from 'lucide-react';
import { useCopy } from '../pages/account/use-copy';

/** Copies `text`; the confirmation shows for `confirmMs` (spec section 9: 2 s in the docs, 3 s for the API key). */
export function CopyButton({ text, confirmMs, label = 'Copy' }: { text: string; confirmMs: number; label?: string }) {
  const { copied, copy } = useCopy(confirmMs);
  return (
    <button
      type="button"
      onClick={() => void copy(text)}
      aria-label={copied ? 'Copied' : `${label}: ${text}`}
      className="inline-flex min-h-9 shrink-0 items-center gap-1 rounded-md border border-slate-600 px-2 py-1 text-xs font-semibold text-slate-100 hover:bg-slate-700"
    >
      {copied ? <Check className="h-3.5 w-3.5" aria-hidden /> : <Copy className="h-3.5 w-3.5" aria-hidden />}
      <span aria-live="polite">{copied ? 'Copied!' : label}</span>
    </button>
  );
}
