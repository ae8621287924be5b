// Child process of the speed bench: collect one codebase and run either the full SAST analyzer with the Ultra
// plan (all 14 packs, cross-file taint) or, for the breakdown, the taint engine alone over pre-parsed trees.
// Prints one JSON line; wall time and peak RSS are measured by the parent around this process.
import { sastAnalyzer } from '../../packages/engine/src/analyzers/sast';
import { PACK_ORDER } from '../../packages/engine/src/analyzers/sast/rule-types';
import { runTaint } from '../../packages/engine/src/analyzers/sast/taint';
import { collect } from '../../packages/engine/src/collect';
import { createContext } from '../../packages/engine/src/context';
import { tierPlan } from '../../packages/engine/src/tiers';

async function main(): Promise<void> {
  const [root, language, mode = 'sast'] = process.argv.slice(2);
  if (!root || (language !== 'python' && language !== 'js') || (mode !== 'sast' && mode !== 'taint')) {
    throw new Error('usage: analyze.ts <root> <python|js> [sast|taint]');
  }
  const t0 = performance.now();
  const collected = collect(root, { gitignore: false });
  const wanted = language === 'python' ? ['python'] : ['javascript', 'typescript', 'tsx'];
  const files = collected.files.filter((f) => f.language !== null && wanted.includes(f.language));
  const loc = files.reduce((n, f) => n + (f.lines?.code ?? 0), 0);
  const ctx = createContext({ root, files, plan: tierPlan('ultra'), options: { package: 'ultra' }, hasGit: false, texts: collected.texts });
  const t1 = performance.now();
  let findings: number;
  let parseMs = 0;
  if (mode === 'sast') {
    findings = (await sastAnalyzer.run(ctx)).findings.length;
  } else {
    for (const f of ctx.files) ctx.parse(f);
    parseMs = performance.now() - t1;
    findings = runTaint(ctx, { packs: new Set(PACK_ORDER), crossFile: true }).length;
  }
  const t2 = performance.now();
  const out = { files: files.length, loc, findings, packs: PACK_ORDER.length, collectMs: t1 - t0, parseMs, analyzeMs: t2 - t1 - parseMs, skipped: ctx.skipped.length };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
