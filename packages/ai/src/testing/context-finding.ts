// Test helper: a finding in src/a.js at a given line with a given trace, for context-window tests.
import type { Finding, TraceStep } from '@duescan/engine';

export function makeFindingForContext(line: number, trace: TraceStep[]): Finding {
  return {
    id: `ctx-${line}`,
    ruleId: 'js.injection.sql-taint',
    analyzer: 'sast',
    category: 'security',
    title: 'SQL injection',
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-89'],
    owasp: [],
    location: { file: 'src/a.js', startLine: line, endLine: line },
    message: 'Request input reaches a query.',
    fix: { guidance: 'Bind parameters.' },
    references: [],
    trace,
  };
}
