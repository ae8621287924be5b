// Turns a rule hit into a report Finding: stable fingerprint, short (optionally redacted) snippet.
import { fingerprint } from '../../../fingerprint';
import type { Finding } from '../../../types';
import type { PatternRule } from './types';

const MAX_SNIPPET = 240;

/** Replaces string values with a marker; keys (`"password":`, `["SECRET_KEY"]`) stay readable. */
export function redactLiterals(text: string): string {
  return text.replace(/(["'`])(?:\\.|(?!\1)[^\\\n])*\1/g, (literal, _q: string, at: number) =>
    /^\s*[:\]]/.test(text.slice(at + literal.length)) ? literal : '"<redacted>"',
  );
}

/** The offending lines, trimmed and capped. */
export function makeSnippet(lines: string[], startLine: number, endLine: number, redact: boolean): string {
  const last = Math.min(endLine, startLine + 2);
  let text = lines
    .slice(startLine - 1, last)
    .map((l) => l.trim())
    .join('\n');
  if (redact) text = redactLiterals(text);
  return text.length > MAX_SNIPPET ? `${text.slice(0, MAX_SNIPPET - 3)}...` : text;
}

export interface RawHit {
  startLine: number;
  endLine: number;
  startColumn?: number;
  endColumn?: number;
  key: string;
  snippet: string;
}

export function toFinding(rule: PatternRule, file: string, hit: RawHit): Finding {
  return {
    // Keyed on the offending text, not the line, so the id survives line shifts.
    id: fingerprint(rule.id, file, hit.key),
    ruleId: rule.id,
    analyzer: 'sast',
    category: 'security',
    title: rule.title,
    severity: rule.severity,
    confidence: rule.confidence,
    cwe: rule.cwe,
    owasp: rule.owasp,
    location: {
      file,
      startLine: hit.startLine,
      endLine: hit.endLine,
      ...(hit.startColumn !== undefined ? { startColumn: hit.startColumn } : {}),
      ...(hit.endColumn !== undefined ? { endColumn: hit.endColumn } : {}),
    },
    snippet: hit.snippet,
    message: rule.message,
    impact: rule.impact,
    fix: { guidance: rule.fix.guidance, example: rule.fix.example },
    references: rule.references,
    pack: rule.pack,
  };
}
