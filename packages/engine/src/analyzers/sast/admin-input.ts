// Input only an administrator can send. A taint flow whose source is read in a route handler guarded by an admin
// role (`isAuthenticated(Permission.ADMIN)`, `Depends(check_admin)`, `@staff_member_required`) is the operator
// configuring their own server: an outbound request to the webhook URL they typed, a redirect or page they set up.
// Those kinds are capped; code, command and SQL injection keep their severity (an application admin getting a
// shell or the whole database is still an escalation).
import type { Finding, Severity } from '../../types';
import type { Route } from './access/route';
import { isAuthGuard } from './access/vocabulary';

const ADMIN_GUARD = /admin|superuser|staff_member|is_staff|IsAdminUser/i;

/** Highest severity of a flow of admin-only input, by the taint rule's sink (the rule id's last part). */
const ADMIN_INPUT_CAP: readonly [RegExp, Severity][] = [
  [/\.(ssrf-taint|open-redirect-taint|reflected-taint|header-taint)$/, 'low'],
  [/\.traversal-taint$/, 'medium'],
];

const RANK: Record<Severity, number> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };

export const ADMIN_INPUT_NOTE = 'Only an administrator can send this input (the route requires an admin role), so the severity is capped: the administrator already configures this server.';

interface Span { file: string; from: number; to: number }

/** Files and line spans of handlers behind an admin guard. */
function adminHandlers(routes: readonly Route[]): Span[] {
  const out: Span[] = [];
  for (const r of routes) {
    if (!r.handler || !r.guards.some((g) => ADMIN_GUARD.test(g) && isAuthGuard(g))) continue;
    const { start, end } = r.handler.range();
    out.push({ file: r.handlerFile ?? r.file, from: start.line + 1, to: end.line + 1 });
  }
  return out;
}

/** `routes` is called only when some finding is of a capped kind above its cap (route extraction is not free). */
export function capAdminInput(findings: Finding[], routes: () => readonly Route[]): Finding[] {
  const cappable = (f: Finding) => {
    const cap = ADMIN_INPUT_CAP.find(([rule]) => rule.test(f.ruleId))?.[1];
    return !!cap && RANK[f.severity] > RANK[cap];
  };
  if (!findings.some(cappable)) return findings;
  const spans = adminHandlers(routes());
  if (spans.length === 0) return findings;
  return findings.map((f) => {
    const source = f.trace?.[0];
    const cap = ADMIN_INPUT_CAP.find(([rule]) => rule.test(f.ruleId))?.[1];
    if (!source || source.kind !== 'source' || !cap || RANK[f.severity] <= RANK[cap]) return f;
    if (!spans.some((s) => s.file === source.file && source.line >= s.from && source.line <= s.to)) return f;
    return { ...f, severity: cap, message: `${f.message} ${ADMIN_INPUT_NOTE}`, properties: { ...f.properties, adminInput: true } };
  });
}
