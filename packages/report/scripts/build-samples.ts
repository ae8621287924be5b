// `npm run samples -w @duescan/report` (also the package's `build`, so it runs before the web app's build):
// scans the four demo projects with the real engine and writes the landing page gallery, a build output that
// is not committed: apps/web/public/reports/sample-<tier>.pdf, a first-page PNG thumbnail each when pdftoppm
// (Debian poppler-utils) is installed, and samples.json with the card fields.
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { renderPdf } from '../src/index';
import { SAMPLES } from './sample-catalog';
import { REPO_ROOT, sampleAdvisoryDb, scanSample } from './scan-samples';

const run = promisify(execFile);
const OUT_DIR = join(REPO_ROOT, 'apps/web/public/reports');
const PUBLIC_PREFIX = '/reports/';

/** Writes `<pngBase>.png`; false when pdftoppm is not installed (the card then embeds the PDF itself). */
async function thumbnail(pdfPath: string, pngBase: string): Promise<boolean> {
  try {
    await run('pdftoppm', ['-png', '-r', '48', '-f', '1', '-l', '1', '-singlefile', pdfPath, pngBase]);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`pdftoppm failed: ${(err as Error).message}`);
    return false;
  }
}

async function main(): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const advisoryDb = await sampleAdvisoryDb();
  if (!advisoryDb) console.error('No advisory database found: dependency results will say so.');
  const cards = [];
  for (const sample of SAMPLES) {
    const started = performance.now();
    const report = await scanSample(sample, advisoryDb);
    const pdf = await renderPdf(report);
    const filename = `${sample.id}.pdf`;
    await writeFile(join(OUT_DIR, filename), pdf);
    const hasImage = await thumbnail(join(OUT_DIR, filename), join(OUT_DIR, sample.id));
    if (!hasImage) console.error('pdftoppm not found (apt-get install poppler-utils): no PNG thumbnail for ' + sample.id);
    cards.push({
      id: sample.id,
      title: sample.title,
      package: sample.package,
      description: sample.description,
      features: sample.features,
      filename,
      // The spec's card field is a PDF path (the gallery embeds the PDF); the PNG is the first page as an image.
      thumbnail: `${PUBLIC_PREFIX}${filename}`,
      thumbnailImage: hasImage ? `${PUBLIC_PREFIX}${sample.id}.png` : null,
      score: report.score.overall,
      grade: report.score.grade,
      findings: report.counts.total,
    });
    console.error(`${sample.id}: ${report.counts.total} findings, score ${report.score.overall}%, ${(pdf.length / 1024).toFixed(0)} KB, ${Math.round(performance.now() - started)} ms`);
  }
  await writeFile(join(OUT_DIR, 'samples.json'), `${JSON.stringify(cards, null, 2)}\n`);
  console.error(`Wrote ${cards.length} samples to ${OUT_DIR}`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
