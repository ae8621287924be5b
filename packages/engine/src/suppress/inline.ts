// Inline suppressions: `duescan-ignore <rule-id>[, <rule-id>...] -- reason` in any comment syntax, on the
// finding's first line or the line above it. `duescan-ignore *` accepts every rule on that line. A marker without a
// reason is not honoured (the finding stays open, with a note): an accepted risk must say why it was accepted.
const MARKER = /duescan-ignore\s+([^\s,]+(?:\s*,\s*[^\s,]+)*)(?:\s+--(?!>)\s*(.*))?/;
/** What may precede the marker on a comment-only line: nothing but a comment opener. */
const COMMENT_ONLY_PREFIX = /^(\/\/+|#+|\/\*+|\*|<!--|--|;+|%|')?$/;

export interface InlineSuppression {
  rules: string[];
  reason?: string;
}

export function parseSuppression(line: string): InlineSuppression | null {
  const m = MARKER.exec(line);
  if (!m) return null;
  const rules = m[1]!
    .split(',')
    .map((r) => r.trim().replace(/(\*\/|-->)$/, ''))
    .filter(Boolean);
  const reason = m[2]?.replace(/\s*(\*\/|-->)\s*$/, '').trim();
  return reason ? { rules, reason } : { rules };
}

/**
 * The marker that names `ruleId` (or `*`) on line `line` (1-based) or on a comment-only line just above it (a
 * marker trailing code on the line above belongs to that line, not this one); null when there is none.
 */
export function inlineSuppressionFor(lines: string[], line: number, ruleId: string): InlineSuppression | null {
  for (const n of [line, line - 1]) {
    const text = lines[n - 1];
    if (text === undefined || !text.includes('duescan-ignore')) continue;
    if (n !== line && !COMMENT_ONLY_PREFIX.test(text.slice(0, text.indexOf('duescan-ignore')).trim())) continue;
    const s = parseSuppression(text);
    if (s && (s.rules.includes(ruleId) || s.rules.includes('*'))) return s;
  }
  return null;
}

/** True when a marker names the rule and gives a reason, i.e. the finding is accepted. */
export function isSuppressedInline(lines: string[], line: number, ruleId: string): boolean {
  return Boolean(inlineSuppressionFor(lines, line, ruleId)?.reason);
}

export const MISSING_REASON_NOTE =
  'A duescan-ignore comment names this finding but gives no reason, so it was not accepted: write ' +
  '"duescan-ignore <rule-id> -- <why this is safe>".';
