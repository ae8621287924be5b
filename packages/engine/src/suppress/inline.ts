// Inline suppressions: `duescan-ignore <rule-id>[, <rule-id>...] -- reason` in any comment syntax, on the
// finding's first line or the line above it. `duescan-ignore *` hides every rule on that line.
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
 * True when line `line` (1-based) carries a marker naming `ruleId` (or `*`), or the line above is a comment-only
 * line with such a marker (a marker trailing code on the line above belongs to that line, not this one).
 */
export function isSuppressedInline(lines: string[], line: number, ruleId: string): boolean {
  for (const n of [line, line - 1]) {
    const text = lines[n - 1];
    if (text === undefined || !text.includes('duescan-ignore')) continue;
    if (n !== line && !COMMENT_ONLY_PREFIX.test(text.slice(0, text.indexOf('duescan-ignore')).trim())) continue;
    const s = parseSuppression(text);
    if (s && (s.rules.includes(ruleId) || s.rules.includes('*'))) return true;
  }
  return false;
}
