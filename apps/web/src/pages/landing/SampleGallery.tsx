import { Check, Download, X } from 'lucide-react';
import sampleCards from 'virtual:sample-reports';
import { packageLabel } from '../../components/format';

const WALKTHROUGH_NOTE = '15 min walkthrough of a sample report available on request';

/** Four real sample reports (built from the demo projects by packages/report), each with a preview dialog. */
export function SampleGallery() {
  return (
    <section id="sample-reports" aria-labelledby="sample-reports-title" className="scroll-mt-20 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6">
        <h2 id="sample-reports-title" className="text-center text-3xl font-bold text-slate-900">
          Sample Reports Gallery
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-600">
          Real reports, produced by DueScan from four demo projects, one per package.
        </p>
        {sampleCards.length === 0 ? (
          <p className="mt-10 text-center text-slate-600">The sample reports are not part of this build.</p>
        ) : (
          <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {sampleCards.map((card) => (
              <article key={card.id} className="flex flex-col rounded-2xl border border-slate-200 bg-slate-50 p-4 shadow-sm" data-testid={`sample-${card.id}`}>
                {card.thumbnailImage ? (
                  <img
                    src={card.thumbnailImage}
                    alt={`First page of the ${card.title} sample report`}
                    width={397}
                    height={562}
                    loading="lazy"
                    decoding="async"
                    className="h-auto w-full rounded-lg border border-slate-200 bg-white"
                  />
                ) : (
                  <div className="flex aspect-[397/562] items-center justify-center rounded-lg border border-slate-200 bg-white text-sm text-slate-500">
                    PDF report
                  </div>
                )}
                <span className="mt-4 w-fit rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold text-indigo-800">{packageLabel(card.package)}</span>
                <h3 className="mt-2 font-semibold text-slate-900">{card.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{card.description}</p>
                <p className="mt-1 text-xs text-slate-600">
                  Score {card.score}% · {card.findings} findings
                </p>
                <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-700">
                  {card.features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-emerald-700" aria-hidden />
                      {feature}
                    </li>
                  ))}
                </ul>
                <div className="mt-4 flex flex-wrap gap-2">
                  <button
                    type="button"
                    data-open-preview={`preview-${card.id}`}
                    aria-haspopup="dialog"
                    className="min-h-11 flex-1 rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold text-white hover:bg-indigo-500"
                  >
                    Preview Report
                  </button>
                  <a
                    href={`/reports/${card.filename}`}
                    download
                    className="inline-flex min-h-11 flex-1 items-center justify-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
                  >
                    Download PDF
                  </a>
                </div>
                <PreviewDialog id={`preview-${card.id}`} title={`${card.title} sample report`} filename={card.filename} />
              </article>
            ))}
          </div>
        )}
        <p className="mt-8 text-center text-sm font-medium text-slate-700">{WALKTHROUGH_NOTE}</p>
      </div>
    </section>
  );
}

function PreviewDialog({ id, title, filename }: { id: string; title: string; filename: string }) {
  const href = `/reports/${filename}`;
  return (
    <dialog
      id={id}
      aria-label={title}
      className="m-auto h-[90dvh] w-[min(64rem,94vw)] max-w-none rounded-2xl bg-white p-0 shadow-2xl backdrop:bg-slate-900/70"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
          <h3 className="hidden min-w-0 truncate font-semibold text-slate-900 sm:block">{title}</h3>
          <div className="ml-auto flex items-center gap-2">
            {/* Phone browsers often show no PDF inside a frame: the report also opens in its own tab. */}
            <a href={href} target="_blank" rel="noreferrer" className="text-sm font-semibold whitespace-nowrap text-indigo-700 hover:text-indigo-500">
              Open in new tab
            </a>
            <a href={href} download className="inline-flex min-h-11 items-center gap-1 rounded-lg bg-indigo-600 px-3 py-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-indigo-500">
              <Download className="h-4 w-4" aria-hidden />
              Download PDF
            </a>
            <button
              type="button"
              data-close-preview
              aria-label="Close preview"
              className="inline-flex h-11 w-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <X className="h-5 w-5" aria-hidden />
            </button>
          </div>
        </div>
        <iframe title={title} data-src={`${href}#view=FitH`} className="w-full flex-1 border-0 bg-slate-100" />
      </div>
    </dialog>
  );
}
