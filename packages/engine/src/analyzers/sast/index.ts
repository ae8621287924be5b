// The SAST analyzer: pattern rules (sast/rules) plus taint analysis (sast/taint) over the shared trees, for the
// rule packs the tier runs (tiers.ts). Where both report the same weakness on the same line, the taint finding
// wins: it carries the data-flow trace.
import type { Analyzer, AnalyzerContext, AnalyzerResult, Finding, SourceFile } from '../../types';
import { patternSteps } from './patterns/run-all';
import { finishPassReleasing } from '../../pass-steps';
import { PACK_ORDER, type PackId } from './rule-types';
import { PATTERN_RULES } from './rules';
import { taintSteps } from './taint';
import { routesOf, runAccessControl } from './access';
import { capAdminInput } from './admin-input';
import { capLocalModeInput } from './local-mode';
import { dropCovered } from '../../same-weakness';
import { dropConfiguredCorsOrigins } from './cors-config';

export { PATTERN_RULES } from './rules';

/** Packs from the tier plan, in PACK_ORDER (unknown names ignored). */
export function packsFor(ctx: AnalyzerContext): PackId[] {
  const wanted = new Set(ctx.plan.packs);
  return PACK_ORDER.filter((p) => wanted.has(p));
}

/**
 * Code that reads an HTTP request object (the taint engine has sources to follow there). `urllib.request.urlopen` is
 * a module path, not a request.
 */
const REQUEST_READ = /(?<![.\w])(request|req)\s*[.,)\]]|\bctx\.(request|query|params)\b/;
// per grammar: a rule naming a kind the grammar lacks is an error
const FUNCTION_KINDS = {
  python: ['function_definition'],
  js: ['function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'generator_function_declaration'],
};

/**
 * Drops sink-only pattern findings that taint analysis covers (see PatternRule.taintSink): those inside a function
 * that reads the request, or nested in one. A helper whose callers the analysis cannot see (a plugin module loaded
 * by name, a method picked with getattr) keeps its finding: the analysis never ran it with request data, so its
 * silence proves nothing. Module-level code counts as covered where the file reads the request anywhere.
 */
export function dropTaintCovered(ctx: AnalyzerContext, findings: Finding[]): Finding[] {
  const sinkOnly = new Set(PATTERN_RULES.filter((r) => r.taintSink).map((r) => r.id));
  const byPath = new Map(ctx.files.map((f) => [f.path, f]));
  const requestFile = new Map<string, boolean>();
  const functionsOf = new Map<string, FunctionSpan[] | null>();
  return findings.filter((f) => {
    if (!sinkOnly.has(f.ruleId)) return true;
    const file = byPath.get(f.location.file);
    if (!file || !TAINT_LANGUAGES.has(file.language ?? '')) return true;
    if (!requestFile.has(file.path)) requestFile.set(file.path, REQUEST_READ.test(file.text()));
    if (!requestFile.get(file.path)) return true;
    if (!functionsOf.has(file.path)) functionsOf.set(file.path, functionSpans(ctx, file));
    const around = functionsOf.get(file.path)?.filter((s) => s.from <= f.location.startLine && s.to >= f.location.startLine);
    if (!around?.length) return false;
    return !around.some((s) => s.readsRequest);
  });
}

interface FunctionSpan { from: number; to: number; readsRequest: boolean }

/** Every function of a file with its lines (1-based) and whether it reads the request; null when it cannot be parsed. */
function functionSpans(ctx: AnalyzerContext, file: SourceFile): FunctionSpan[] | null {
  const root = ctx.parse(file)?.root();
  if (!root) return null;
  return root
    .findAll({ rule: { any: FUNCTION_KINDS[file.language === 'python' ? 'python' : 'js'].map((kind) => ({ kind })) } })
    .map((n) => ({ from: n.range().start.line + 1, to: n.range().end.line + 1, readsRequest: REQUEST_READ.test(n.text()) }));
}

const TAINT_LANGUAGES = new Set(['python', 'javascript', 'typescript', 'tsx']);

export function mergeFindings(taint: Finding[], pattern: Finding[]): Finding[] {
  const kept = dropCovered(taint, pattern);
  return [...taint, ...kept].sort(
    (a, b) => a.location.file.localeCompare(b.location.file) || a.location.startLine - b.location.startLine || a.ruleId.localeCompare(b.ruleId),
  );
}

/**
 * The three passes, each over every file: pattern rules, taint (the cross-file part works on the lowered IR) and
 * access control. They are independent until the merge, so the engine may run taint + access on one thread and
 * the pattern pass on another (Analyzer.parts); in one thread `run` does the same passes in the same order.
 */
const PARTS = {
  patterns: async (ctx: AnalyzerContext, packs: ReadonlySet<PackId>) =>
    dropConfiguredCorsOrigins(ctx, dropTaintCovered(ctx, await finishPassReleasing(ctx, patternSteps(ctx, PATTERN_RULES, packs)))),
  taint: async (ctx: AnalyzerContext, packs: ReadonlySet<PackId>) => {
    const code = ctx.files.filter((f) => f.language === 'python' || f.language === 'javascript' || f.language === 'typescript' || f.language === 'tsx');
    const byPath = new Map(code.map((f) => [f.path, f]));
    const findings = await finishPassReleasing(ctx, taintSteps(ctx, { packs, crossFile: ctx.plan.crossFile }));
    const guarded = () => {
      const { routes, resolvers } = routesOf(ctx);
      return [...routes, ...resolvers];
    };
    // (tests call helpers directly; no request reaches them through a test, so only application code counts as a caller)
    const text = (file: string) => byPath.get(file)?.text();
    return capLocalModeInput(capAdminInput(findings, guarded, text, code.filter((f) => !f.isTest).map((f) => f.path)), text);
  },
  // Route-level checks need the whole application (guards on mounts in other files, auth used elsewhere).
  access: async (ctx: AnalyzerContext, packs: ReadonlySet<PackId>) => (packs.has('access-control') ? runAccessControl(ctx) : []),
} satisfies Record<string, (ctx: AnalyzerContext, packs: ReadonlySet<PackId>) => Promise<Finding[]>>;
type PartId = keyof typeof PARTS;
const SEQUENCE: readonly PartId[] = ['patterns', 'taint', 'access'];

function mergeParts(byPart: Record<string, AnalyzerResult>): AnalyzerResult {
  const found = (p: PartId) => byPart[p]?.findings ?? [];
  const packs = Object.values(byPart).find((r) => r.packs)?.packs ?? [];
  return { findings: mergeFindings(found('taint'), [...found('patterns'), ...found('access')]), packs };
}

async function runPart(ctx: AnalyzerContext, part: string): Promise<AnalyzerResult> {
  if (!Object.hasOwn(PARTS, part)) throw new Error(`unknown sast part "${part}"`);
  const packs = packsFor(ctx);
  return { findings: await PARTS[part as PartId](ctx, new Set(packs)), packs };
}

export const sastAnalyzer: Analyzer = {
  id: 'sast',
  async run(ctx: AnalyzerContext): Promise<AnalyzerResult> {
    // the pattern and taint passes read the files together (a tree parsed beyond the cache's budget serves both:
    // tree-cache.ts `pace`); access control reads the routes both leave behind
    const [patterns, taint] = await Promise.all([runPart(ctx, 'patterns'), runPart(ctx, 'taint')]);
    return mergeParts({ patterns, taint, access: await runPart(ctx, 'access') });
  },
  // Taint and access read the same (mostly Python and JS) trees; the pattern pass is the other thread's.
  parts: { groups: [['taint', 'access'], ['patterns']], sequence: SEQUENCE, paced: ['patterns', 'taint'], run: runPart, merge: mergeParts },
};
