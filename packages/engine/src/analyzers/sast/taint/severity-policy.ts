// Severity policy for flows that start only at local input: command-line arguments, environment variables and
// interactive stdin (process.argv, process.env, sys.argv, os.environ, os.getenv, input()). The person who types
// the arguments or sets the environment already runs code on that machine, so "a path from argv reaches open()"
// is how a CLI works, not an attack. Such flows stay in the report (a tool can be wrapped by a service later, and
// an environment can be shared), capped and at low confidence. A flow with any request-data source is unchanged.
import type { Severity } from '../../../types';
import type { SinkKind } from './value';

/**
 * Highest severity of a local-input-only flow, per sink kind: low for code-running sinks (the operator who sets the
 * environment or types the arguments already runs code there; measured on 73 real projects, none of 13 such medium
 * findings was exploitable by anyone else), low or info for file, network and output sinks (reading the file you
 * were asked to read is the job).
 */
export const LOCAL_INPUT_CAP: Readonly<Record<SinkKind, Severity>> = {
  command: 'low',
  code: 'low',
  template: 'low',
  deserialization: 'low',
  sql: 'low',
  'nosql-code': 'low',
  ldap: 'low',
  nosql: 'low',
  xpath: 'low',
  xxe: 'low',
  ssrf: 'low',
  regex: 'low',
  path: 'info',
  redirect: 'info',
  xss: 'info',
  header: 'info',
  'trust-boundary': 'info',
};

const RANK: Record<Severity, number> = { info: 0, low: 1, medium: 2, high: 3, critical: 4 };

/** Sentence added to the finding message so the reader sees why the severity is lower than the rule's. */
export const LOCAL_INPUT_NOTE = 'Only local input (command-line arguments, environment, stdin) reaches this sink, so the severity is capped.';

/**
 * Highest severity of a flow that passes through a call the analysis could not follow (a method of an object whose
 * class it does not know, a callable chosen at run time): the input may or may not come back from that call, so the
 * finding needs review rather than proof: low, whatever the sink. (Code-running sinks were medium until the real-world
 * corpus measured them: 0 of 9 sampled medium code-running flows capped this way, or by the long-flow cap, was true.)
 */
export const UNPROVEN_CAP: Readonly<Record<SinkKind, Severity>> = Object.fromEntries(
  (Object.keys(LOCAL_INPUT_CAP) as SinkKind[]).map((kind) => [kind, 'low']),
) as Record<SinkKind, Severity>;

export const UNPROVEN_NOTE = 'The input reaches this sink only through a call the analysis could not follow, so the flow needs review and the severity is capped.';

export const MATCHED_NOTE = 'The input first had to match a stored record (the code stops when none is found), so only a value the application already stored reaches this sink; it is exploitable only if such records can hold attacker-chosen text, so the flow needs review and the severity is capped.';

export const SWITCHABLE_NOTE = 'The input passes a check before this sink unless a server-side condition (typically a configuration setting) skips that check, so it is exploitable only where the condition holds; the flow needs review and the severity is capped.';

export const SCOPED_NOTE = "The query is pinned to the caller's own tenant or owner by a value the request does not choose, so an injected operator selects only among records that tenant may read; the flow needs review and the severity is capped.";

export interface FlowSeverity {
  severity: Severity;
  /** True when the local-input cap lowered the rule's severity. */
  capped: boolean;
  /** True when the unproven-flow cap lowered it. */
  unproven?: boolean;
  /** True when the matched-record cap lowered it (the same cap as unproven flows). */
  matched?: boolean;
  /** True when the switchable-check cap lowered it (the same cap as unproven flows). */
  switchable?: boolean;
  /** True when the tenant-scoped-filter cap lowered it (the same cap as unproven flows). */
  scoped?: boolean;
  /** True when the long-flow cap lowered it (LONG_FLOW_STEPS). */
  long?: boolean;
}

/**
 * A flow from a request to a sink through more steps than this (assignments, calls, returns, the sink included) is
 * capped at low: every step is a place where a check the analysis does not model can sit (an allow-list in a caller,
 * a converter in a helper, a record created by the database). Measured: on 73 real projects none of 21 high findings
 * with 8 or more steps was exploitable, and every true one took at most 7 steps, as did every true high on the
 * deliberately vulnerable apps; kept at medium, 1 of 25 sampled on 184 projects was true.
 */
export const LONG_FLOW_STEPS = 8;

export const LONG_FLOW_NOTE = 'The input reaches this sink only through a long chain of functions, where a check the analysis does not model may sit, so the flow needs review and the severity is capped.';

/**
 * Severity of a taint finding: the rule's severity, lowered to high for a low-confidence critical, and capped
 * by LOCAL_INPUT_CAP when every source on the trace is local input.
 */
export function flowSeverity(ruleSeverity: Severity, kind: SinkKind, taint: { conf: string; local?: true; unproven?: true; matched?: true; switchable?: true; scoped?: true; trace?: readonly unknown[] }): FlowSeverity {
  let severity: Severity = taint.conf === 'low' && ruleSeverity === 'critical' ? 'high' : ruleSeverity;
  // flows that need review (not followed end to end, matched a stored record, behind a skippable check): one cap
  const review = taint.unproven ? 'unproven' : taint.matched ? 'matched' : taint.switchable ? 'switchable' : taint.scoped ? 'scoped' : undefined;
  if (review && !taint.local && RANK[severity] > RANK[UNPROVEN_CAP[kind]]) return { severity: UNPROVEN_CAP[kind], capped: false, [review]: true };
  if (!taint.local) {
    // the trace holds the steps before the sink
    if ((taint.trace?.length ?? 0) + 1 >= LONG_FLOW_STEPS && RANK[severity] > RANK.low) return { severity: 'low', capped: false, long: true };
    return { severity, capped: false };
  }
  const cap = LOCAL_INPUT_CAP[kind];
  const capped = RANK[severity] > RANK[cap];
  if (capped) severity = cap;
  return { severity, capped };
}
