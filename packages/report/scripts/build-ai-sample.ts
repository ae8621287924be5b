// `npm run sample:ai -w @duescan/report`: scans the Ultra demo project, has the fake models review it and writes
// dist/ai-sample/sample-ultra-ai.{pdf,html} (a build output, not the landing page gallery: no real model runs there).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderHtml, renderPdf } from '../src/index';
import { AI_SAMPLE, reviewWithFakeModels } from './ai-sample';
import { REPO_ROOT, sampleAdvisoryDb, scanSample } from './scan-samples';

async function main(): Promise<void> {
  const out = join(REPO_ROOT, 'packages/report/dist/ai-sample');
  await mkdir(out, { recursive: true });
  const reviewed = await reviewWithFakeModels(await scanSample(AI_SAMPLE, await sampleAdvisoryDb()));
  await writeFile(join(out, 'sample-ultra-ai.pdf'), await renderPdf(reviewed));
  await writeFile(join(out, 'sample-ultra-ai.html'), renderHtml(reviewed));
  const voted = reviewed.findings.filter((f) => f.aiReview).length;
  console.error(`Wrote ${out}/sample-ultra-ai.{pdf,html}: ${voted} findings with a vote, ${reviewed.findings.filter((f) => f.aiReview?.scenario).length} scenarios`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
