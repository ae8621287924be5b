import { describe, expect, it } from 'vitest';
import { applySeverityPolicy } from './severity-policy';
import { makeFinding } from './testing/make-finding';

describe('severity policy', () => {
  it("a catastrophic regex in browser code is low (it hangs only the visitor's tab); on the server it stays medium", () => {
    const at = (file: string) => applySeverityPolicy(makeFinding({ ruleId: 'js.redos.catastrophic-backtracking', severity: 'medium', location: { file, startLine: 1, endLine: 1 } })).severity;
    expect(at('src/components/form/UrlField.tsx')).toBe('low');
    expect(at('client/plugins/init.client.js')).toBe('low');
    expect(at('server/controllers/MiscController.js')).toBe('medium');
    expect(at('src/lib/validate.ts')).toBe('medium');
  });

  it('an audit pattern (no traced source, no evidence on the rule) is medium at most', () => {
    const f = applySeverityPolicy(makeFinding({ ruleId: 'js.crypto.weak-cipher', severity: 'high', context: 'production' }));
    expect(f).toMatchObject({ severity: 'medium', ruleSeverity: 'high' });
    expect(f.severityNote).toMatch(/No attacker-controlled source/);
  });

  it('a sink-only pattern whose sink the taint analysis saw without a source, and a weak heuristic, are low', () => {
    const sink = applySeverityPolicy(makeFinding({ ruleId: 'py.injection.shell-dynamic-command', severity: 'high' }));
    expect(sink).toMatchObject({ severity: 'low', ruleSeverity: 'high' });
    expect(sink.severityNote).toMatch(/no attacker-controlled source/);
    expect(applySeverityPolicy(makeFinding({ ruleId: 'js.crypto.insecure-random', severity: 'medium' })).severity).toBe('low');
  });

  it('a pattern whose match contains request data keeps high, and so does a hard-coded credential', () => {
    expect(applySeverityPolicy(makeFinding({ ruleId: 'py.ssrf.request-url', severity: 'high' })).severity).toBe('high');
    expect(applySeverityPolicy(makeFinding({ ruleId: 'py.secrets.hardcoded-credential', severity: 'high' })).severity).toBe('high');
  });

  it('a credential in a script (development settings, seed data, migrations) is low; the script cap still holds elsewhere', () => {
    const f = applySeverityPolicy(makeFinding({ ruleId: 'py.secrets.hardcoded-credential', severity: 'high', context: 'script', contextReason: 'development settings module' }));
    expect(f).toMatchObject({ severity: 'low', ruleSeverity: 'high' });
    expect(f.severityNote).toMatch(/a default of that code/);
    expect(applySeverityPolicy(makeFinding({ ruleId: 'js.crypto.weak-cipher', severity: 'high', context: 'script', contextReason: 'folder scripts/' })).severity).toBe('medium');
  });

  it('a Dockerfile finding in a development image is low; in a deploy script folder it keeps the script cap', () => {
    expect(applySeverityPolicy(makeFinding({ ruleId: 'dockerfile.supply-chain.curl-pipe-shell', severity: 'medium', context: 'script', contextReason: 'folder dev/' })).severity).toBe('low');
    expect(applySeverityPolicy(makeFinding({ ruleId: 'config.docker.runs-as-root', severity: 'medium', context: 'script', contextReason: 'folder deploy/' })).severity).toBe('medium');
    // a privileged service in the developers' compose file beside the production one
    const devCompose = { ruleId: 'k8s.iac.privileged-container', severity: 'medium' as const, context: 'script' as const, contextReason: 'development variant docker-compose-dev.yml (production uses docker-compose.yml)' };
    expect(applySeverityPolicy(makeFinding(devCompose)).severity).toBe('low');
  });

  it("a dependency advisory from a development variant's manifest (requirements/local.txt beside production.txt) is low", () => {
    const dev = { ruleId: 'deps/vulnerable-dependency', severity: 'high' as const, context: 'script' as const, contextReason: 'development variant requirements/local.txt (production uses production.txt)' };
    expect(applySeverityPolicy(makeFinding(dev)).severity).toBe('low');
    expect(applySeverityPolicy(makeFinding({ ...dev, context: 'production', contextReason: 'application code' })).severity).toBe('high');
  });

  it("a secrets keyword match (a literal beside a credential word) in a script is low; a provider-format key keeps the script cap", () => {
    expect(applySeverityPolicy(makeFinding({ ruleId: 'secrets/generic-secret-assignment', severity: 'medium', context: 'script', contextReason: 'folder deploy/' })).severity).toBe('low');
    expect(applySeverityPolicy(makeFinding({ ruleId: 'secrets/generic-secret-assignment', severity: 'medium', context: 'production' })).severity).toBe('medium');
    expect(applySeverityPolicy(makeFinding({ ruleId: 'secrets/aws-access-key-id', severity: 'critical', context: 'script', contextReason: 'folder deploy/' })).severity).toBe('medium');
  });

  it('the same credential in a test file is low', () => {
    const f = applySeverityPolicy(makeFinding({ ruleId: 'py.secrets.hardcoded-credential', severity: 'high', context: 'test', contextReason: 'folder tests/' }));
    expect(f).toMatchObject({ severity: 'low', ruleSeverity: 'high' });
  });

  it("a script's own operator input reaching a shell is low; request data in a script stays at the script cap", () => {
    const trace = [{ kind: 'source' as const, file: 'scripts/release.js', line: 1, label: 'process.argv' }];
    const local = makeFinding({ ruleId: 'js.injection.command-taint', severity: 'medium', context: 'script', contextReason: 'folder scripts/', trace, properties: { localInput: true } });
    expect(applySeverityPolicy(local)).toMatchObject({ severity: 'low', ruleSeverity: 'medium' });
    const remote = makeFinding({ ruleId: 'js.injection.command-taint', severity: 'critical', context: 'script', contextReason: 'folder scripts/', trace });
    expect(applySeverityPolicy(remote).severity).toBe('medium');
  });

  it('a traced flow in production keeps critical', () => {
    const f = makeFinding({ ruleId: 'py.injection.sql-taint', severity: 'critical', trace: [{ kind: 'source', file: 'a.py', line: 1, label: 'request.args' }] });
    expect(applySeverityPolicy(f)).toBe(f);
  });

  it('hygiene (configuration, licences, team) is medium at most; CI event data injection stays high', () => {
    expect(applySeverityPolicy(makeFinding({ ruleId: 'config.spring.actuator-exposed', analyzer: 'config', category: 'configuration', severity: 'high' })).severity).toBe('medium');
    expect(applySeverityPolicy(makeFinding({ ruleId: 'config.gha.workflow-run-untrusted-checkout', analyzer: 'config', category: 'configuration', severity: 'high' })).severity).toBe('high');
    expect(applySeverityPolicy(makeFinding({ ruleId: 'license.strong-copyleft', analyzer: 'licenses', category: 'licenses', severity: 'high' })).severity).toBe('medium');
  });

  it('a development dependency with a critical advisory is low', () => {
    const dep = makeFinding({ ruleId: 'deps.vulnerable', analyzer: 'deps', category: 'dependencies', severity: 'critical', properties: { dev: true } });
    expect(applySeverityPolicy(dep).severity).toBe('low');
    expect(applySeverityPolicy({ ...dep, properties: {} }).severity).toBe('critical');
  });
});
