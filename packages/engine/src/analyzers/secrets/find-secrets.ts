// Runs the rule set over one text: keyword prefilter first (most files contain no keyword and cost one
// lower-casing), then each matching rule's regex, then entropy, placeholder and allow-marker checks.
import { hasAllowMarker, isPlaceholder } from './allowlist';
import { shannonEntropy } from './entropy';
import { SECRET_RULES, type SecretRule } from './rules';

export interface SecretHit {
  rule: SecretRule;
  value: string;
  /** 1-based line of the value. */
  line: number;
  lineText: string;
  entropy: number;
  /** How often the same value occurs in the text (reported once). */
  occurrences: number;
}

export interface FindOptions {
  /** Run the low-signal generic rules (off for test/example paths). */
  generic: boolean;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One regex per rule and case: a single pass over the text instead of one indexOf per keyword. */
const prefilters = new WeakMap<SecretRule, { lower: RegExp | null; exact: RegExp | null }>();
function prefilterOf(rule: SecretRule): { lower: RegExp | null; exact: RegExp | null } {
  let p = prefilters.get(rule);
  if (!p) {
    const build = (ks: string[]) => (ks.length > 0 ? new RegExp(ks.map(escapeRegExp).join('|')) : null);
    p = {
      lower: build(rule.keywords.filter((k) => k === k.toLowerCase())),
      exact: build(rule.keywords.filter((k) => k !== k.toLowerCase())),
    };
    prefilters.set(rule, p);
  }
  return p;
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

export function findSecrets(text: string, path: string, options: FindOptions, rules: SecretRule[] = SECRET_RULES): SecretHit[] {
  const lower = text.toLowerCase();
  const byValue = new Map<string, SecretHit>();
  let starts: number[] | undefined;
  for (const rule of rules) {
    if (rule.generic && !options.generic) continue;
    if (rule.pathFilter && !rule.pathFilter.test(path)) continue;
    const prefilter = prefilterOf(rule);
    if (!prefilter.lower?.test(lower) && !prefilter.exact?.test(text)) continue;
    const pattern = new RegExp(rule.pattern.source, rule.pattern.flags);
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      if (m[0].length === 0) pattern.lastIndex++;
      const groupIndex = m.findIndex((g, i) => i > 0 && g !== undefined);
      const value = groupIndex > 0 ? m[groupIndex]! : undefined;
      if (!value) continue;
      const existing = byValue.get(value);
      if (existing) {
        existing.occurrences++; // the first (most specific) rule to see a value keeps it
        continue;
      }
      if (isPlaceholder(value) || (rule.validate && !rule.validate(value))) continue;
      const entropy = shannonEntropy(value);
      if (rule.minEntropy !== undefined && entropy < rule.minEntropy) continue;
      starts ??= lineIndex(text);
      const offset = m.index + m[0].indexOf(value);
      const line = lineAt(starts, offset);
      const lineText = text.slice(starts[line - 1], (starts[line] ?? text.length + 1) - 1);
      if (hasAllowMarker(lineText)) continue;
      byValue.set(value, { rule, value, line, lineText, entropy, occurrences: 1 });
    }
  }
  return [...byValue.values()].sort((a, b) => a.line - b.line);
}
