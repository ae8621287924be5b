// Input a server accepts only in local mode. Desktop companions and developer tools run an HTTP server that opens
// files or fetches URLs for the person at the machine, and refuse those requests unless the operator started the
// server in local mode (`if not config.getboolean("local"): set_status(403)`, `if (!settings.localMode) return
// res.status(403)`). Where such a request is accepted, the requester is the local user choosing their own files, the
// way a command-line argument is: the flow is capped like local input, and kept in the report with a note.
import type { Finding } from '../../types';
// (the same cap as an administrator's input: files, outbound requests, redirects and output, not code, command or SQL)
import { DENY, enclosingFunction, trustedInputCap } from './admin-input';

/** A server setting that says it runs for the local user: `local`, `local_mode`, `localMode`, `LOCAL_MODE`. */
const LOCAL_SETTING = String.raw`(?:['"]local(?:_?mode)?['"]|\b(?:config|settings|conf|options|opts)\b[\w.()'"\[\]]*\.(?:local(?:_?mode)?|LOCAL(?:_MODE)?|localMode)\b)`;
/** `if not <local setting>`, `if <local setting> is False` / `== False`, `if (!<local setting>)`. */
const GATE = new RegExp(String.raw`^\s*if\b\s*\(?\s*(?:(?:not\s+|!\s*)[^\n]*${LOCAL_SETTING}|[^\n]*${LOCAL_SETTING}[^\n]*(?:\bis\s+False|==\s*False|===\s*false))`);

export const LOCAL_MODE_NOTE = 'The server refuses this request unless it was started in local mode, where the requester is the person at the machine choosing their own files and addresses, so the severity is capped.';

/** Whether the function around `line` opens a deny-unless-local-mode gate: the gate's `if` and a 401/403 within 3 lines. */
function gatedFunction(lines: readonly string[], line: number): boolean {
  const fn = enclosingFunction(lines, line);
  if (!fn) return false;
  const indent = (l: string) => /^\s*/.exec(l)?.[0].length ?? 0;
  const own = indent(lines[fn.line - 1] ?? '');
  let body: number | undefined;
  for (let i = fn.line; i < lines.length; i++) {
    const l = lines[i] as string;
    if (!l.trim()) continue;
    if (indent(l) <= own && !/^\s*[)\]}]/.test(l)) break;
    body ??= indent(l);
    // only a gate every request passes through: one nested in another condition (`if request.get("path"):` then
    // the local-mode check) guards only that branch, and the input can reach the sink around it
    if (indent(l) === body && GATE.test(l) && lines.slice(i, i + 4).some((x) => DENY.test(x))) return true;
  }
  return false;
}

/** Caps flows whose source (or the handler step after a shared reader) sits in a function behind a local-mode gate. */
export function capLocalModeInput(findings: Finding[], text: (file: string) => string | undefined): Finding[] {
  const split = new Map<string, string[] | null>();
  const linesOf = (f: string) => {
    if (!split.has(f)) split.set(f, text(f)?.split('\n') ?? null);
    return split.get(f) ?? null;
  };
  // (many flows start in one handler: each place is judged once)
  const judged = new Map<string, boolean>();
  const gatedAt = (file: string, line: number): boolean => {
    const key = `${file}:${line}`;
    if (!judged.has(key)) {
      const lines = linesOf(file);
      judged.set(key, !!lines && gatedFunction(lines, line));
    }
    return judged.get(key)!;
  };
  return findings.map((f) => {
    const cap = trustedInputCap(f);
    if (!cap) return f;
    const gated = (f.trace ?? []).slice(0, 2).some((s, i) => (i === 0 ? s.kind === 'source' : s.kind === 'step') && gatedAt(s.file, s.line));
    return gated ? { ...f, severity: cap, message: `${f.message} ${LOCAL_MODE_NOTE}`, properties: { ...f.properties, localModeInput: true } } : f;
  });
}
