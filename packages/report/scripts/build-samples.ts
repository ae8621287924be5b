// `npm run samples -w @duescan/report`: scans the four demo projects with the real engine and writes the
// landing page gallery: apps/web/public/reports/sample-<tier>.pdf, a first-page PNG thumbnail each, and
// samples.json with the card fields. Needs pdftoppm (Debian poppler-utils) for the thumbnails.
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

async function thumbnail(pdfPath: string, pngBase: string): Promise<void> {
  try {
    await run('pdftoppm', ['-png', '-r', '48', '-f', '1', '-l', '1', '-singlefile', pdfPath, pngBase]);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(code === 'ENOENT' ? 'pdftoppm not found: install poppler-utils (apt-get install poppler-utils).' : `pdftoppm failed: ${(err as Error).message}`);
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
    await thumbnail(join(OUT_DIR, filename), join(OUT_DIR, sample.id));
    cards.push({
      id: sample.id,
      title: sample.title,
      package: sample.package,
      description: sample.description,
      features: sample.features,
      filename,
      // The spec's card field is a PDF path (the gallery embeds the PDF); the PNG is the first page as an image.
      thumbnail: `${PUBLIC_PREFIX}${filename}`,
      thumbnailImage: `${PUBLIC_PREFIX}${sample.id}.png`,
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
