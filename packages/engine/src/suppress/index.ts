// Applies the three suppression sources in order: inline comments, .duescanignore paths, the baseline. A suppressed
// finding is accepted, not deleted: it is returned in full with how and why it was accepted, so the report can
// disclose it and the score can still count it.
import { join } from 'node:path';
import type { AcceptedFinding, Acceptance, Finding, Report } from '../types';
import { loadIgnoreFile } from '../collect/ignore-rules';
import { MISSING_REASON_NOTE, inlineSuppressionFor } from './inline';
import type { Baseline } from './baseline';

export const IGNORE_FILE = '.duescanignore';

export interface SuppressInput {
  root: string;
  findings: Finding[];
  /** Text of a file, or null when it cannot be read (no inline check then). */
  textOf: (file: string) => string | null;
  baseline: Baseline | null;
}

export interface SuppressResult {
  /** Open findings (an inline marker without a reason leaves its finding here, with a note in the message). */
  kept: Finding[];
  accepted: AcceptedFinding[];
  suppressed: Report['suppressed'];
}

export function applySuppressions(input: SuppressInput): SuppressResult {
  const ignoreFile = loadIgnoreFile(join(input.root, IGNORE_FILE));
  const lineCache = new Map<string, string[] | null>();
  const linesOf = (file: string) => {
    if (!lineCache.has(file)) lineCache.set(file, input.textOf(file)?.split('\n') ?? null);
    return lineCache.get(file)!;
  };
  const out: SuppressResult = { kept: [], accepted: [], suppressed: [] };
  for (const f of input.findings) {
    const lines = linesOf(f.location.file);
    const inline = lines && f.location.startLine > 0 ? inlineSuppressionFor(lines, f.location.startLine, f.ruleId) : null;
    let acceptance: Acceptance | null = null;
    if (inline?.reason) acceptance = { mechanism: 'inline', reason: inline.reason };
    else if (ignoreFile && safeIgnored(ignoreFile, f.location.file)) acceptance = { mechanism: 'ignore-file' };
    else if (input.baseline?.has(f.id)) {
      const reason = input.baseline.get(f.id);
      acceptance = reason ? { mechanism: 'baseline', reason } : { mechanism: 'baseline' };
    }
    if (acceptance) {
      out.accepted.push({ ...f, acceptance });
      out.suppressed.push({ id: f.id, ruleId: f.ruleId, reason: acceptance.mechanism, ...(acceptance.reason ? { note: acceptance.reason } : {}) });
    } else if (inline) out.kept.push({ ...f, message: `${f.message} ${MISSING_REASON_NOTE}` });
    else out.kept.push(f);
  }
  return out;
}

/** `ignore` throws on paths that are not relative (e.g. findings about the repo as a whole); those never match. */
function safeIgnored(rules: { ignores(path: string): boolean }, file: string): boolean {
  try {
    return file !== '' && file !== '.' && rules.ignores(file);
  } catch {
    return false;
  }
}
