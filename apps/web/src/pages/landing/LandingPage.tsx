import { useEffect } from 'react';
import { Link } from 'react-router';
import { ArrowDown } from 'lucide-react';
import { PAGE_META } from '../../components/page-meta';
import { usePageMeta } from '../../components/use-page-title';
import { CLAIMS, WHY, WHY_ICON as WhyIcon, strengthsFor, type Card } from './content';
import { installLandingBehaviour } from './landing-behaviour';
import { SampleGallery } from './SampleGallery';
import { useSiteFeatures } from './site-features';

// Prerendered at build time and served with island.ts instead of the React app; inside the app (client-side
// navigation to /) the same markup gets the same behaviour from installLandingBehaviour.
export function LandingPage() {
  usePageMeta(PAGE_META['/']);
  useEffect(installLandingBehaviour, []);
  const { aiValidation } = useSiteFeatures();
  return (
    <>
      <Hero />
      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 className="text-center text-3xl font-bold text-slate-900">What Sets Us Apart</h2>
        <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {strengthsFor(aiValidation).map((card) => (
            <CardBox key={card.title} card={card} />
          ))}
        </div>
      </section>
      <Why />
      <SampleGallery />
      <section className="bg-indigo-700">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-5 px-4 py-14 text-center sm:px-6">
          <h2 className="text-3xl font-bold text-white">Ready when your investors are</h2>
          <p className="max-w-xl text-indigo-100">Create an account and run your first Quick scan for free.</p>
          <Link to="/register" className="rounded-lg bg-white px-5 py-3 text-sm font-semibold text-indigo-800 shadow hover:bg-indigo-50">
            Start Your Assessment
          </Link>
        </div>
      </section>
    </>
  );
}

function Hero() {
  return (
    <section className="bg-gradient-to-b from-indigo-50 to-slate-50">
      <div className="mx-auto max-w-6xl px-4 pt-16 pb-10 text-center sm:px-6 sm:pt-20">
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase">Technical due diligence, automated</p>
        <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          Show investors your code is ready for Series A
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-600">
          DueScan scans your project for security and quality issues and delivers a due-diligence report with a security score, for
          founders preparing to raise and for the investors who read the reports.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <a href="#sample-reports" className="rounded-lg bg-indigo-600 px-5 py-3 text-sm font-semibold text-white shadow hover:bg-indigo-500">
            View Sample Reports
          </a>
          <Link to="/pricing" className="rounded-lg border border-slate-300 bg-white px-5 py-3 text-sm font-semibold text-slate-800 hover:bg-slate-50">
            See Pricing
          </Link>
        </div>
        <ul className="mt-12 grid gap-4 text-left sm:grid-cols-2 lg:grid-cols-4">
          {CLAIMS.map(({ title, text, icon: Icon }) => (
            <li key={title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <Icon className="h-6 w-6 text-indigo-600" aria-hidden />
              <p className="mt-3 font-semibold text-slate-900">{title}</p>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
        <a
          href="#why"
          aria-label="Scroll to why DueScan"
          className="mx-auto mt-10 flex h-11 w-11 items-center justify-center rounded-full border border-slate-300 bg-white text-slate-700 shadow-sm hover:text-indigo-700"
        >
          <ArrowDown className="h-5 w-5" aria-hidden />
        </a>
      </div>
    </section>
  );
}

function Why() {
  return (
    <section id="why" aria-labelledby="why-title" className="scroll-mt-20 bg-slate-100">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="why-title" className="text-center text-3xl font-bold text-slate-900">
          Why DueScan
        </h2>
        <ul className="mx-auto mt-10 grid max-w-4xl gap-6 md:grid-cols-2">
          {WHY.map(({ title, text }) => (
            <li key={title} className="flex gap-4">
              <WhyIcon className="mt-1 h-6 w-6 shrink-0 text-indigo-600" aria-hidden />
              <div>
                <p className="font-semibold text-slate-900">{title}</p>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function CardBox({ card: { title, text, icon: Icon, badge } }: { card: Card }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between">
        <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        {badge && <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{badge}</span>}
      </div>
      <p className="mt-4 font-semibold text-slate-900">{title}</p>
      <p className="mt-1 text-sm text-slate-600">{text}</p>
    </div>
  );
}
