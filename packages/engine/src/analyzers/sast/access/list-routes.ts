// Prints the routes a project declares, with their guards, and the access-control findings: the tool used to
// measure these rules on projects they were not written against.
// Usage: npx tsx packages/engine/src/analyzers/sast/access/list-routes.ts <project folder> [--routes]
import { resolve } from 'node:path';
import { collect } from '../../../collect';
import { createContext } from '../../../context';
import { TIERS } from '../../../tiers';
import { accessFindings, extractRoutes } from './index';

const [folder, flag] = process.argv.slice(2);
if (!folder) {
  console.error('usage: list-routes.ts <project folder> [--routes]');
  process.exit(2);
}
const root = resolve(folder);
const started = Date.now();
const collected = collect(root);
const ctx = createContext({ root, files: collected.files, plan: TIERS.ultra, options: { package: 'ultra' }, hasGit: false, texts: collected.texts });
const { routes, usesAuth, handlers, models } = extractRoutes(ctx);
const findings = accessFindings(routes, usesAuth, handlers, models);
const frameworks: Record<string, number> = {};
for (const r of routes) frameworks[r.framework] = (frameworks[r.framework] ?? 0) + 1;
console.log(JSON.stringify({ root, ms: Date.now() - started, routes: routes.length, withGuards: routes.filter((r) => r.guards.length > 0).length, frameworks, usesAuth, findings: findings.length }));
if (flag === '--routes') {
  for (const r of routes) console.log(`${r.methods.join(',')}\t${r.path || '(view)'}\t${r.file}:${r.line}\t${r.guards.map((g) => g.split('\n')[0]).join(' | ')}`);
}
for (const f of findings) console.log(`${f.ruleId}\t${f.location.file}:${f.location.startLine}\t${f.message}`);
