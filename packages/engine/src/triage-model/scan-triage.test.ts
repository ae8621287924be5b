// The triage model inside a real scan, with the committed weights: a finding it rates unlikely is marked and
// kept, and the score is the one the engine's own confidence gives.
import { afterAll, describe, expect, it } from 'vitest';
import { scan } from '../scan';
import { computeScore } from '../score';
import { tempProject } from '../testing/temp-project';
import { reportValidator } from '../testing/schemas';
import { TRIAGE_WEIGHTS, weightsHash } from './apply';
import { engineConfidence } from './features';

const project = tempProject({
  // A local-development database URL in a compose file: every such verdict in the training data is "false".
  'docker-compose.yml': 'services:\n  app:\n    environment:\n      DATABASE_URL: postgres://app:testpass@localhost:5432/app\n',
  'app.py':
    'from flask import Flask, request\nimport sqlite3\napp = Flask(__name__)\n\n@app.route("/u")\ndef u():\n    db = sqlite3.connect("x.db")\n' +
    '    return str(db.execute("SELECT * FROM users WHERE name = \'" + request.args.get("name") + "\'").fetchall())\n',
});
afterAll(project.cleanup);

describe('scan with the triage model', async () => {
  const report = await scan(project.root, { package: 'pro', threads: 1 });
  const compose = report.findings.find((f) => f.location.file === 'docker-compose.yml');
  const sql = report.findings.find((f) => f.ruleId === 'py.injection.sql-taint');

  it('marks the likely-false finding and keeps it', () => {
    expect(compose, 'the compose credential is still reported').toBeDefined();
    expect(compose!.likelyFalsePositive).toBe('model');
    expect(compose!.properties?.modelProbability).toBeLessThan(TRIAGE_WEIGHTS.threshold);
    expect(sql!.likelyFalsePositive).toBeUndefined();
    expect(report.counts.total).toBe(report.findings.length);
  });

  it('does not move the score: it is computed from the engine confidence', () => {
    const asEngine = [...report.findings, ...(report.accepted ?? [])].map((f) => ({ ...f, confidence: engineConfidence(f) }));
    expect(report.score.deductions).toEqual(computeScore(asEngine).deductions);
  });

  it('states in the report which model ran, on how many findings', () => {
    expect(report.triageModel).toMatchObject({ sha256: weightsHash(TRIAGE_WEIGHTS), likelyFalsePositive: expect.any(Number) });
    expect(report.triageModel!.findings).toBe(report.findings.filter((f) => typeof f.properties?.modelProbability === 'number').length);
    expect(reportValidator()(JSON.parse(JSON.stringify(report)))).toEqual([]);
  });
});
