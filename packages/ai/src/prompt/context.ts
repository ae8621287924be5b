// The code a model sees: the finding's lines and its taint path's steps in the same file, each with a few lines
// around it, secrets redacted by the engine's detectors. No other file is ever read or sent.
import { redactSecrets, type Finding } from '@duescan/engine';

export interface ContextOptions {
  /** Lines before and after each location. */
  radius: number;
  /** Hard cap on lines sent for one finding. */
  maxLines: number;
}

export const DEFAULT_CONTEXT: ContextOptions = { radius: 8, maxLines: 120 };

export interface CodeContext {
  file: string;
  /** Line ranges sent, 1-based inclusive, sorted and disjoint. */
  ranges: [number, number][];
  /** Numbered, redacted lines; gaps between ranges marked with "…". */
  text: string;
}

function mergeRanges(ranges: [number, number][]): [number, number][] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/** Drops lines from the end of the ranges (trace steps after the finding's own lines) beyond the cap. */
function capRanges(ranges: [number, number][], maxLines: number): [number, number][] {
  const out: [number, number][] = [];
  let left = maxLines;
  for (const [a, b] of ranges) {
    if (left <= 0) break;
    const end = Math.min(b, a + left - 1);
    out.push([a, end]);
    left -= end - a + 1;
  }
  return out;
}

/** Null when the finding has no line (about a whole file or the project) or the file cannot be read. */
export function codeContext(finding: Finding, fileText: string | null, options: ContextOptions = DEFAULT_CONTEXT): CodeContext | null {
  const { file, startLine, endLine } = finding.location;
  if (startLine <= 0 || fileText === null) return null;
  const lines = fileText.split('\n');
  const clamp = (n: number) => Math.max(1, Math.min(lines.length, n));
  const own = capRanges([[clamp(startLine - options.radius), clamp(Math.max(endLine, startLine) + options.radius)]], options.maxLines)[0]!;
  const steps = (finding.trace ?? [])
    .filter((s) => s.file === file && s.line > 0)
    .map((s): [number, number] => [clamp(s.line - options.radius), clamp(s.line + options.radius)]);
  // The finding's own lines first, so the cap never cuts them.
  const ranges = mergeRanges([own, ...capRanges(mergeRanges(steps), Math.max(0, options.maxLines - (own[1] - own[0] + 1)))]);
  const width = String(ranges[ranges.length - 1]![1]).length;
  const blocks = ranges.map(([a, b]) => {
    const chunk = redactSecrets(lines.slice(a - 1, b).join('\n'), file).split('\n');
    return chunk.map((line, i) => `${String(a + i).padStart(width)} | ${line}`).join('\n');
  });
  return { file, ranges, text: blocks.join('\n…\n') };
}

export const rangesLabel = (ranges: [number, number][]) => ranges.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(', ');
