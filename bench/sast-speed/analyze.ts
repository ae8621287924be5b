// Child process of the speed bench: collect one codebase, run the SAST analyzer with the Ultra plan (all 14
// packs, cross-file taint) and print one JSON line. Peak RSS is measured by the parent around this process.
import { collect } from '../../packages/engine/src/collect';
import { createContext } from '../../packages/engine/src/context';
import { sastAnalyzer } from '../../packages/engine/src/analyzers/sast';
import { tierPlan } from '../../packages/engine/src/tiers';

async function main(): Promise<void> {
  const [root, language] = process.argv.slice(2);
  if (!root || (language !== 'python' && language !== 'js')) throw new Error('usage: analyze.ts <root> <python|js>');
  const t0 = performance.now();
  const collected = collect(root, { gitignore: false });
  const wanted = language === 'python' ? ['python'] : ['javascript', 'typescript', 'tsx'];
  const files = collected.files.filter((f) => f.language !== null && wanted.includes(f.language));
  const loc = files.reduce((n, f) => n + (f.lines?.code ?? 0), 0);
  const ctx = createContext({ root, files, plan: tierPlan('ultra'), options: { package: 'ultra' }, hasGit: false, texts: collected.texts });
  const t1 = performance.now();
  const result = await sastAnalyzer.run(ctx);
  const t2 = performance.now();
  const out = { files: files.length, loc, findings: result.findings.length, packs: result.packs?.length ?? 0, collectMs: t1 - t0, analyzeMs: t2 - t1, skipped: ctx.skipped.length };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
