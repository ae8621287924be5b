// Quality analyzer: complexity, size, duplication, tests, TODO density and hygiene presence in one pass over
// the collected files. Trees come from ctx.parse (shared with other analyzers); text is read once per file.
import { isParsedLanguage } from '../../parse/languages';
import type { Analyzer, AnalyzerContext, QualityMetrics, SourceFile } from '../../types';
import { type FunctionComplexity, functionComplexities } from './complexity';
import { findDuplication, normalizeLines } from './duplication';
import { qualityFindings } from './findings';
import { finishPass, finishPassReleasing, type PassSteps } from '../../pass-steps';
import { detectPresence } from './presence';

/** Languages whose files count as code (config, markup and docs do not). */
export const CODE_LANGUAGES: ReadonlySet<string> = new Set([
  'python', 'javascript', 'typescript', 'tsx', 'java', 'go', 'ruby', 'php', 'csharp', 'kotlin', 'swift',
  'rust', 'c', 'cpp', 'scala', 'shell', 'vue', 'svelte',
]);

const TOP = 10;
/** Functions above this complexity are listed in the metrics (the findings' threshold is higher). */
const LISTED_COMPLEXITY = 10;

/** The `size` largest line counts seen so far: a function shorter than all of them can never be among the longest. */
class TopLines {
  private readonly top: number[] = [];
  constructor(private readonly size: number) {}

  /** Records `lines` and says whether a function of that length may end up listed. */
  admits(lines: number): boolean {
    if (this.top.length < this.size) {
      this.top.push(lines);
      this.top.sort((a, b) => a - b);
      return true;
    }
    if (lines < this.top[0]!) return false;
    this.top[0] = lines;
    this.top.sort((a, b) => a - b);
    return true;
  }
}
const COMPLEX_LISTED = 25;
const TODO = /\b(?:TODO|FIXME|XXX|HACK)\b/g;

function nonBlankLines(text: string): number {
  let count = 0;
  let blank = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      if (!blank) count++;
      blank = true;
    } else if (c !== 32 && c !== 9 && c !== 13) blank = false;
  }
  return blank ? count : count + 1;
}

function readText(ctx: AnalyzerContext, file: SourceFile): string | null {
  try {
    return file.text();
  } catch (e) {
    ctx.skip({ file: file.path, reason: 'unreadable', detail: String(e) });
    return null;
  }
}

/** Functions of one file; a parse failure only loses this file's functions. */
function fileFunctions(ctx: AnalyzerContext, file: SourceFile): FunctionComplexity[] {
  if (!isParsedLanguage(file.language)) return [];
  const tree = ctx.parse(file);
  if (!tree) return [];
  const functions = functionComplexities(tree, file.language);
  for (const f of functions) f.file = file.path;
  return functions;
}

type Measured = { metrics: QualityMetrics; functions: FunctionComplexity[]; codeFiles: number };

export function measureQuality(ctx: AnalyzerContext): Measured {
  return finishPass(measureSteps(ctx));
}

/** The pass file by file (pass-steps.ts). */
function* measureSteps(ctx: AnalyzerContext): PassSteps<Measured> {
  const functions: FunctionComplexity[] = [];
  const longest = new TopLines(TOP);
  const sizes: { file: string; lines: number }[] = [];
  const windows: ReturnType<typeof normalizeLines>[] = [];
  let codeLines = 0;
  let testCodeLines = 0;
  let testFiles = 0;
  let todoCount = 0;
  for (const [index, file] of ctx.files.entries()) {
    if (!file.language || !CODE_LANGUAGES.has(file.language)) continue;
    const text = readText(ctx, file);
    if (text === null) continue;
    const lines = nonBlankLines(text);
    if (file.isTest) {
      testFiles++;
      testCodeLines += lines;
    } else {
      codeLines += lines;
      sizes.push({ file: file.path, lines });
      todoCount += text.match(TODO)?.length ?? 0;
      windows.push(normalizeLines(file.path, text));
    }
    // Test code is measured for size only: its complexity is not the product's complexity.
    if (!file.isTest) {
      for (const f of fileFunctions(ctx, file)) {
        // only a function that is listed needs its name: complex ones, and the longest so far (the bar only rises)
        f.release(f.complexity > LISTED_COMPLEXITY || longest.admits(f.lines));
        functions.push(f);
      }
    }
    yield index;
  }
  type Fn = FunctionComplexity;
  const byLines = (a: Fn, b: Fn) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line;
  const byComplexity = (a: Fn, b: Fn) => b.complexity - a.complexity || byLines(a, b);
  const totalComplexity = functions.reduce((sum, f) => sum + f.complexity, 0);
  const metrics: QualityMetrics = {
    functions: functions.length,
    averageComplexity: functions.length ? Math.round((totalComplexity / functions.length) * 100) / 100 : 0,
    complexFunctions: functions.filter((f) => f.complexity > LISTED_COMPLEXITY).sort(byComplexity).slice(0, COMPLEX_LISTED).map((f) => f.toMetric()),
    largestFiles: sizes.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file)).slice(0, TOP),
    largestFunctions: [...functions].sort(byLines).slice(0, TOP).map((f) => f.toMetric()),
    duplication: findDuplication(windows),
    testFiles,
    testCodeLines,
    testToCodeRatio: codeLines > 0 ? Math.round((testCodeLines / codeLines) * 100) / 100 : 0,
    todoCount,
    todoPerKloc: codeLines > 0 ? Math.round((todoCount / codeLines) * 1000 * 100) / 100 : 0,
    presence: detectPresence(ctx),
  };
  return { metrics, functions, codeFiles: sizes.length + testFiles };
}

export const qualityAnalyzer: Analyzer = {
  id: 'quality',
  async run(ctx) {
    const { metrics, functions, codeFiles } = await finishPassReleasing(ctx, measureSteps(ctx));
    const findings = qualityFindings(metrics, functions, codeFiles);
    if (codeFiles === 0) return { findings, quality: metrics, note: 'No source code files found to measure.' };
    return { findings, quality: metrics };
  },
};
