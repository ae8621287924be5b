// Runs the rule set over one text: keyword prefilter first (most files contain no keyword and cost one
// lower-casing), then each matching rule's regex, then entropy, placeholder and allow-marker checks.
import { hasAllowMarker, isPlaceholder } from './allowlist';
import { shannonEntropy } from './entropy';
import { pathGrade } from './keyword-rules';
import { SECRET_RULES, type Grade, type SecretRule } from './rules';
import { SEVERITIES } from '../../types';

/** The grade that caps lowest, when any does. */
function lowest(grades: (Grade | null)[]): Grade | null {
  return grades.reduce<Grade | null>(
    (low, g) => (g && (!low || SEVERITIES.indexOf(g.severity) > SEVERITIES.indexOf(low.severity)) ? g : low),
    null,
  );
}

export interface SecretHit {
  rule: SecretRule;
  value: string;
  /** 1-based line of the value. */
  line: number;
  lineText: string;
  entropy: number;
  /** How often the same value occurs in the text (reported once): the number of distinct lines. */
  occurrences: number;
  /** Every line the value occurs on, first one included (capped at MAX_LINES). */
  lines: number[];
  /** Why the severity is capped below the rule's, when it is. */
  grade: Grade | null;
}

export interface FindOptions {
  /** Run the keyword and generic rules; off for minified bundles, where only provider formats are trusted. */
  generic: boolean;
}

const MAX_LINES = 50;

/** The name a value is assigned to: the identifier around `offset` (dots kept: "settings.db.password"). */
function identifierAt(text: string, offset: number): string {
  let start = offset;
  while (start > 0 && /[\w$.-]/.test(text[start - 1]!)) start--;
  let end = offset;
  while (end < text.length && /[\w$]/.test(text[end]!)) end++;
  return text.slice(start, end);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every keyword of one case, found in a text with one regex search (keywordsIn). */
interface KeywordSearch {
  any: RegExp;
  byFirstChar: Map<string, string[]>;
}

function keywordSearch(keywords: string[]): KeywordSearch | null {
  const distinct = [...new Set(keywords)];
  if (distinct.length === 0) return null;
  const byFirstChar = new Map<string, string[]>();
  for (const k of distinct) byFirstChar.set(k[0]!, [...(byFirstChar.get(k[0]!) ?? []), k]);
  return { any: new RegExp(distinct.map(escapeRegExp).join('|'), 'g'), byFirstChar };
}

/**
 * The keywords occurring in `text`. The search restarts one character past each place a keyword starts, and every
 * keyword starting there is checked, so keywords inside or overlapping others are seen too: the same answer as one
 * search per keyword, in one pass over the text (one search per rule was ~40 passes over every file).
 */
function keywordsIn(search: KeywordSearch | null, text: string, found: Set<string>): void {
  if (!search) return;
  const re = search.any;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    for (const k of search.byFirstChar.get(text[m.index]!)!) if (text.startsWith(k, m.index)) found.add(k);
    re.lastIndex = m.index + 1;
  }
}

/** Keywords are matched case-insensitively when written in lower case (against the lower-cased text), else exactly. */
const isLowerKeyword = (k: string) => k === k.toLowerCase();

const searches = new WeakMap<readonly SecretRule[], { lower: KeywordSearch | null; exact: KeywordSearch | null }>();
function searchesOf(rules: readonly SecretRule[]) {
  let s = searches.get(rules);
  if (!s) {
    const all = rules.flatMap((r) => r.keywords);
    s = { lower: keywordSearch(all.filter(isLowerKeyword)), exact: keywordSearch(all.filter((k) => !isLowerKeyword(k))) };
    searches.set(rules, s);
  }
  return s;
}

function lineIndex(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** A comment that says the value under it is documentation's sample or a test's ("got it from slack docs", "NO actual tokens"). */
const EXAMPLE_COMMENT = /^\s*(#|\/\/|\/?\*)[^\n]*\b(examples?|samples?|fake|dummy|no (actual|real)\b|not (a )?real|(for|in|by) (the )?tests?\b|from (the )?[\w.-]+ (docs|documentation)\b)/i;
const EXAMPLE_GRADE: Grade = { severity: 'low', note: 'The comment above it says this is an example or test value.' };
/** How far above a value its explaining comment may sit (a dict or object literal of sample fields in between). */
const COMMENT_WINDOW = 8;

/** The comment lines just above `line` (code lines of the same literal may sit between) call the value an example. */
function exampleAbove(text: string, starts: number[], line: number): boolean {
  for (let l = line - 1; l >= Math.max(1, line - COMMENT_WINDOW); l--) {
    const lineText = text.slice(starts[l - 1], (starts[l] ?? text.length + 1) - 1);
    if (!lineText.trim()) return false;
    if (EXAMPLE_COMMENT.test(lineText)) return true;
  }
  return false;
}

export function findSecrets(text: string, path: string, options: FindOptions, rules: SecretRule[] = SECRET_RULES): SecretHit[] {
  const { lower, exact } = searchesOf(rules);
  const present = new Set<string>();
  keywordsIn(lower, text.toLowerCase(), present);
  keywordsIn(exact, text, present);
  const byValue = new Map<string, SecretHit>();
  const hitsByLine = new Map<number, string[]>();
  let starts: number[] | undefined;
  for (const rule of rules) {
    if (rule.generic && !options.generic) continue;
    if (rule.pathFilter && !rule.pathFilter.test(path)) continue;
    if (!rule.keywords.some((k) => present.has(k))) continue;
    const pattern = new RegExp(rule.pattern.source, rule.pattern.flags);
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      if (m[0].length === 0) pattern.lastIndex++;
      const value = m.groups?.value ?? m.find((g, i) => i > 0 && g !== undefined);
      if (!value) continue;
      starts ??= lineIndex(text);
      const offset = m.index + m[0].indexOf(value);
      const line = lineAt(starts, offset);
      const existing = byValue.get(value);
      if (existing) {
        // The first (most specific) rule to see a value keeps it; each further line is one more occurrence.
        if (!existing.lines.includes(line)) {
          existing.occurrences++;
          if (existing.lines.length < MAX_LINES) existing.lines.push(line);
        }
        continue;
      }
      // Two rules reading the same assignment differently ("a&b" whole, or up to the "&") are one secret.
      if (hitsByLine.get(line)?.some((v) => v.includes(value) || value.includes(v))) continue;
      const lineText = text.slice(starts[line - 1], (starts[line] ?? text.length + 1) - 1);
      const groups = m.groups ?? {};
      const where = { key: groups.key ?? groups.key2 ?? identifierAt(text, m.index), lineText, path, groups, around: text.slice(Math.max(0, offset - 400), offset + 400) };
      if (isPlaceholder(value) || (rule.validate && !rule.validate(value, where))) continue;
      const entropy = shannonEntropy(value);
      if (rule.minEntropy !== undefined && entropy < rule.minEntropy) continue;
      if (hasAllowMarker(lineText)) continue;
      const grade = lowest([rule.grade?.(value, where) ?? null, rule.generic ? pathGrade(path) : null, exampleAbove(text, starts, line) ? EXAMPLE_GRADE : null]);
      byValue.set(value, { rule, value, line, lineText, entropy, occurrences: 1, lines: [line], grade });
      hitsByLine.set(line, [...(hitsByLine.get(line) ?? []), value]);
    }
  }
  return [...byValue.values()].sort((a, b) => a.line - b.line);
}
