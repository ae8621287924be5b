import type { ReactNode } from 'react';

/** Frame of the plain public pages: a title, a lead paragraph and sections. */
export function ContentPage({ eyebrow, title, lead, children }: { eyebrow: string; title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-6 py-14">
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

export function Command({ children }: { children: string }) {
  return <pre className="overflow-x-auto rounded-lg bg-slate-900 px-4 py-3 font-mono text-xs text-slate-100">{children}</pre>;
}
