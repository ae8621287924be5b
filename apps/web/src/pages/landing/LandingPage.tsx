import { Link } from 'react-router';
import { EyeOff, FileText, Layers, Lock, Mail, ServerCog, ShieldCheck, Zap, type LucideIcon } from 'lucide-react';
import { usePageTitle } from '../../components/use-page-title';

const CLAIMS: { title: string; text: string; icon: LucideIcon }[] = [
  { title: 'Scans Locally', text: 'The scanner runs on your machine or server.', icon: ServerCog },
  { title: 'Code Stays Private', text: 'Your code never leaves your server.', icon: Lock },
  { title: 'Anonymized Findings', text: 'Only anonymized findings and metadata are sent.', icon: EyeOff },
  { title: 'Email Delivery', text: 'Your PDF report arrives by e-mail within 30-60 minutes.', icon: Mail },
];

// The spec's fifth strength, 'Multi-Model AI Validation', stays off this page until AI validation exists: the
// scanners are deterministic today, and the reports say so.
const STRENGTHS: { title: string; text: string; icon: LucideIcon }[] = [
  { title: 'Privacy-First Architecture', text: 'Scanning happens where your code lives. We only see anonymized findings.', icon: ShieldCheck },
  { title: 'From Free to Enterprise', text: 'Start with a free Quick scan; go deeper with Pro, Enterprise or Ultra.', icon: Layers },
  { title: 'Professional PDF Reports', text: 'A security score, findings mapped to CWE/OWASP and fix guidance.', icon: FileText },
  { title: 'Lightning Fast Scanning', text: 'A Quick scan takes about 30 seconds on your own machine.', icon: Zap },
];

export function LandingPage() {
  usePageTitle('Automated technical due diligence');
  return (
    <>
      <section className="bg-gradient-to-b from-indigo-50 to-slate-50">
        <div className="mx-auto max-w-6xl px-6 py-20 text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-indigo-600">Technical due diligence, automated</p>
          <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            Show investors your code is ready for Series A
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
            DueScan scans your project for security and quality issues and delivers a due-diligence report with a
            security score, for founders preparing to raise and for the investors who read the reports.
          </p>
          <div className="mt-8 flex justify-center gap-3">
            <Link to="/register" className="rounded-lg bg-indigo-600 px-5 py-3 text-sm font-semibold text-white shadow hover:bg-indigo-500">
              Start free scan
            </Link>
            <Link to="/pricing" className="rounded-lg border border-slate-300 bg-white px-5 py-3 text-sm font-semibold text-slate-800 hover:bg-slate-50">
              See Pricing
            </Link>
          </div>
          <div className="mt-14 grid gap-4 text-left sm:grid-cols-2 lg:grid-cols-4">
            {CLAIMS.map(({ title, text, icon: Icon }) => (
              <div key={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <Icon className="h-6 w-6 text-indigo-600" aria-hidden />
                <p className="mt-3 font-semibold text-slate-900">{title}</p>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-6 py-16">
        <h2 className="text-center text-3xl font-bold text-slate-900">What Sets Us Apart</h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {STRENGTHS.map(({ title, text, icon: Icon }) => (
            <div key={title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <p className="mt-4 font-semibold text-slate-900">{title}</p>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </div>
          ))}
        </div>
      </section>
      <section className="bg-indigo-600">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-5 px-6 py-14 text-center">
          <h2 className="text-3xl font-bold text-white">Start Your Assessment</h2>
          <p className="max-w-xl text-indigo-100">Create an account and run your first Quick scan for free.</p>
          <Link to="/register" className="rounded-lg bg-white px-5 py-3 text-sm font-semibold text-indigo-700 shadow hover:bg-indigo-50">
            Start Your Assessment
          </Link>
        </div>
      </section>
    </>
  );
}
