// Inline suppressions: `duescan-ignore <rule-id>[, <rule-id>...] -- reason` in any comment syntax, on the
// finding's first line or the line above it. `duescan-ignore *` hides every rule on that line.
const MARKER = /duescan-ignore\s+([^\s,]+(?:\s*,\s*[^\s,]+)*)(?:\s+--\s*(.*))?/;

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

/** True when line `line` (1-based) or the one above carries a marker naming `ruleId` (or `*`). */
export function isSuppressedInline(lines: string[], line: number, ruleId: string): boolean {
  for (const n of [line, line - 1]) {
    const text = lines[n - 1];
    if (text === undefined || !text.includes('duescan-ignore')) continue;
    const s = parseSuppression(text);
    if (s && (s.rules.includes(ruleId) || s.rules.includes('*'))) return true;
  }
  return false;
}
