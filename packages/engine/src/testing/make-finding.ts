// Test helper: a complete Finding with sensible defaults, for engine tests that need findings without analyzers.
import type { Finding } from '../types';
import { fingerprint } from '../fingerprint';

export function makeFinding(over: Partial<Finding> & { key?: string } = {}): Finding {
  const { key, ...rest } = over;
  const ruleId = rest.ruleId ?? 'test.rule';
  const file = rest.location?.file ?? 'src/app.ts';
  return {
    id: fingerprint(ruleId, file, key ?? rest.snippet ?? 'snippet'),
    ruleId,
    analyzer: 'sast',
    category: 'security',
    title: 'Test finding',
    severity: 'high',
    confidence: 'high',
    cwe: ['CWE-89'],
    owasp: ['A03:2021-Injection'],
    location: { file, startLine: 3, endLine: 3 },
    message: 'User input reaches a SQL query.',
    fix: { guidance: 'Use parameterized queries.', example: 'db.query("SELECT ? ", [id])' },
    references: [{ title: 'OWASP SQL Injection', url: 'https://owasp.org/www-community/attacks/SQL_Injection' }],
    ...rest,
  };
}
