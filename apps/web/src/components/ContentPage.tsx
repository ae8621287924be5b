import type { ReactNode } from 'react';
import { CopyButton } from './CopyButton';

/** Frame of the plain public pages: a title, a lead paragraph and sections. */
export function ContentPage({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">{eyebrow}</p>
      <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{lead}</p>
      <div className="mt-10 space-y-8">{children}</div>
    </div>
  );
}

export function ContentSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <div className="mt-3 space-y-2 text-sm leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

/** A shell command; with `copyMs`, a copy button whose confirmation lasts that long. */
export function Command({ children, copyMs }: { children: string; copyMs?: number }) {
  return (
    <div className="flex items-start gap-2 rounded-lg bg-slate-900 px-4 py-3">
      <pre className="min-w-0 flex-1 overflow-x-auto font-mono text-xs leading-relaxed text-slate-100">{children}</pre>
      {copyMs !== undefined && <CopyButton text={children} confirmMs={copyMs} />}
    </div>
  );
}
