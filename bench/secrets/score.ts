// Scoring of the secrets bench: hits (file, line) against CredData line labels. A hit on a line labelled T is
// true; on a line labelled F or X, or never labelled, false (strict: CredData labelled the union of several
// scanners' hits). One hit per file:line, so a tool reporting each match and one reporting each line compare
// fairly. XML files are left out: CredData does not label them.
import type { LineLabel } from './labels';

export interface Hit {
  file: string;
  line: number;
  severity?: string;
  rule?: string;
}

export interface Score {
  trueLabels: number;
  /** True labels with at least one hit on their lines (recall's numerator, any severity). */
  found: number;
  /** Distinct hit lines. */
  hits: number;
  truePositives: number;
  unlabelled: number;
  highHits: number;
  highTrue: number;
}

export interface Scored {
  score: Score;
  /** Every missed true label and every false hit line, for reading by hand (--details). */
  details: string[];
}

const counted = (h: Hit) => !/\.xml$/i.test(h.file) && h.file !== '.duescan-bench-ready';
const isHigh = (s?: string) => s === 'high' || s === 'critical';

export function scoreHits(labels: readonly LineLabel[], hits: readonly Hit[]): Scored {
  const on = (l: LineLabel, h: Hit) => h.file === l.file && h.line >= l.lineStart && h.line <= l.lineEnd;
  const lines = new Map<string, Hit>();
  for (const h of hits.filter(counted)) {
    const key = `${h.file}:${h.line}`;
    if (!lines.has(key) || isHigh(h.severity)) lines.set(key, h);
  }
  const hitLines = [...lines.values()];
  const details: string[] = [];
  const trueLabels = labels.filter((l) => l.truth === 'T');
  let found = 0;
  for (const l of trueLabels) {
    if (hitLines.some((h) => on(l, h))) found++;
    else details.push(`MISS ${l.file}:${l.lineStart} ${l.category}`);
  }
  const score: Score = { trueLabels: trueLabels.length, found, hits: lines.size, truePositives: 0, unlabelled: 0, highHits: 0, highTrue: 0 };
  for (const h of hitLines) {
    const ls = labels.filter((l) => on(l, h));
    const isTrue = ls.some((l) => l.truth === 'T');
    if (isTrue) score.truePositives++;
    else details.push(`FP${ls.length ? `(${ls.map((l) => l.truth).join('')})` : '(unlabelled)'} ${h.severity ?? ''} ${h.rule ?? ''} ${h.file}:${h.line}`);
    if (ls.length === 0) score.unlabelled++;
    if (isHigh(h.severity)) {
      score.highHits++;
      if (isTrue) score.highTrue++;
    }
  }
  return { score, details };
}

const ratio = (a: number, b: number) => (b === 0 ? NaN : a / b);
const f1 = (p: number, r: number) => (p + r === 0 || Number.isNaN(p) ? 0 : (2 * p * r) / (p + r));

/** NaN where the denominator is 0 (no hit at all, no high hit): printed as "-", never as a perfect score. */
export function metrics(s: Score) {
  const recall = ratio(s.found, s.trueLabels);
  const precision = ratio(s.truePositives, s.hits);
  return { recall, precision, f1: f1(precision, recall), highPrecision: ratio(s.highTrue, s.highHits) };
}

export function sum(scores: readonly Score[]): Score {
  const total: Score = { trueLabels: 0, found: 0, hits: 0, truePositives: 0, unlabelled: 0, highHits: 0, highTrue: 0 };
  for (const s of scores) for (const k of Object.keys(total) as (keyof Score)[]) total[k] += s[k];
  return total;
}
