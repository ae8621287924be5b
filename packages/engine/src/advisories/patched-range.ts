// Advisory databases that publish no `fixed` event often say in `database_specific` which versions are patched
// ("patched_versions": ">=2.0.3") or the last affected one ("last_known_affected_version_range": "<= 2.0.2").
// These expressions are npm-advisory style: comparators joined by spaces or commas, alternatives by "||".
import { comparatorFor } from './versions/compare';
import type { Ecosystem } from './types';

const COMPARATOR = /^(>=|<=|>|<|==|=)?\s*v?([0-9][\w.!+-]*)$/;

/** true/false when the expression can be evaluated for the version; null when it cannot (never guess). */
export function satisfiesAdvisoryRange(ecosystem: Ecosystem, expression: string, version: string): boolean | null {
  const cmp = comparatorFor(ecosystem);
  let anyEvaluated = false;
  for (const alternative of expression.split('||')) {
    const clauses = alternative
      .trim()
      .replace(/([<>=]+)\s+/g, '$1')
      .split(/[\s,]+/)
      .filter(Boolean);
    if (clauses.length === 0) continue;
    let all = true;
    for (const clause of clauses) {
      const m = COMPARATOR.exec(clause);
      const c = m ? cmp(version, m[2]!) : null;
      if (c === null) return null;
      const op = m![1] ?? '=';
      const ok = op === '>=' ? c >= 0 : op === '>' ? c > 0 : op === '<=' ? c <= 0 : op === '<' ? c < 0 : c === 0;
      if (!ok) all = false;
    }
    anyEvaluated = true;
    if (all) return true;
  }
  return anyEvaluated ? false : null;
}
