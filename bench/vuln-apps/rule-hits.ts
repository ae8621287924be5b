// Precision check for rules added for this benchmark: runs only the named pattern rules over real,
// well-maintained projects (already extracted folders, e.g. the real-world bench's /work/ext/real-world/*) and
// prints each rule's hits per project, with --list the lines, so each hit can be read and judged.
//
// Usage: npx tsx bench/vuln-apps/rule-hits.ts --rules id,id[,prefix*] [--list] dir [dir...]
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { makeTestContext } from '../../packages/engine/src/testing/make-context';
import { PACK_ORDER } from '../../packages/engine/src/analyzers/sast/rule-types';
import { PATTERN_RULES } from '../../packages/engine/src/analyzers/sast/rules';
import { runRulesOnFile } from '../../packages/engine/src/analyzers/sast/patterns/run';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { rules: { type: 'string' }, list: { type: 'boolean', default: false } } });
const wanted = (values.rules ?? '').split(',').filter(Boolean);
const rules = PATTERN_RULES.filter((r) => wanted.some((w) => (w.endsWith('*') ? r.id.startsWith(w.slice(0, -1)) : r.id === w)));
if (!rules.length || !positionals.length) {
  console.error('Usage: rule-hits.ts --rules id,id [--list] dir [dir...]');
  process.exit(2);
}
const totals = new Map<string, number>();
for (const dir of positionals) {
  const ctx = makeTestContext(dir, 'ultra');
  const counts = new Map<string, number>();
  for (const file of ctx.files) {
    let found;
    try {
      found = runRulesOnFile({ file, parse: () => ctx.parse(file) }, rules, new Set(PACK_ORDER));
    } catch (e) {
      console.error(`  ${file.path}: ${String(e)}`);
      continue;
    }
    for (const f of found) {
      counts.set(f.ruleId, (counts.get(f.ruleId) ?? 0) + 1);
      if (values.list) console.log(`  ${basename(dir)} ${f.ruleId} ${f.severity} ${f.location.file}:${f.location.startLine}  ${(f.snippet ?? '').split('\n').find((l) => l.includes('>')) ?? ''}`.slice(0, 260));
    }
  }
  console.log(`${basename(dir)}: ${[...counts].map(([r, n]) => `${r}=${n}`).join(' ') || 'no hits'}`);
  for (const [r, n] of counts) totals.set(r, (totals.get(r) ?? 0) + n);
}
console.log(`total: ${[...totals].map(([r, n]) => `${r}=${n}`).join(' ')}`);
