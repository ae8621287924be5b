// The Ultra sample reviewed by three fake models over loopback HTTP: the PDF and the HTML show each finding's
// vote, the exploitation scenarios, the models in the methodology and what left the machine. Without models,
// the only change is the methodology line.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@duescan/engine';
import { renderHtml, renderPdf } from '../src/index';
import { NO_AI_LINE } from '../src/model/ai';
import { AI_SAMPLE, reviewWithFakeModels } from '../scripts/ai-sample';
import { scanSample } from '../scripts/scan-samples';
import { inspectPdf } from './pdf-inspect';

let plain: Report;
let reviewed: Report;

beforeAll(async () => {
  plain = await scanSample(AI_SAMPLE);
  reviewed = await reviewWithFakeModels(plain);
}, 240_000);

// Letter-spaced block labels come back from pdfjs in capitals with spaces: compare squashed and lower-cased.
const squash = (t: string) => t.replace(/\s+/g, '').toLowerCase();

describe('sample report reviewed by fake models', () => {
  it('puts a vote on every critical and high finding and a scenario on the confirmed ones, and changes no severity or score', () => {
    const serious = reviewed.findings.filter((f) => f.severity === 'critical' || f.severity === 'high');
    expect(serious.length).toBeGreaterThan(0);
    for (const f of serious) {
      expect(f.aiReview?.votes).toHaveLength(3);
      expect(f.aiReview?.scenario?.steps.length).toBeGreaterThan(0);
    }
    expect(reviewed.findings.map((f) => f.severity)).toEqual(plain.findings.map((f) => f.severity));
    expect(reviewed.score).toEqual(plain.score);
    expect(reviewed.ai!.sent.length).toBeGreaterThan(0);
  });

  it('shows the vote, a scenario, the models and the disclosures in the PDF', async () => {
    const text = squash((await inspectPdf(await renderPdf(reviewed))).pageText.join('\n'));
    expect(text).toContain(squash('Vote: the models agree — real (3 of 3)'));
    expect(text).toContain(squash('openai fake-gpt-a: real, confidence 86%'));
    expect(text).toContain(squash('Exploitation scenario (written by'));
    const serious = reviewed.findings.filter((f) => f.aiReview).length;
    expect(text).toContain(squash(`openai fake-gpt-a on ${serious} findings`));
    expect(text).toContain(squash('anthropic fake-claude: reviewed'));
    expect(text).toContain(squash('What left the machine'));
    expect(text).not.toContain(squash(NO_AI_LINE));
    expect(text).not.toContain(squash('No AI model was used'));
  }, 120_000);

  it('shows the same in the HTML', () => {
    const html = renderHtml(reviewed);
    expect(html).toContain('Vote: the models agree — real (3 of 3)');
    expect(html).toContain('Exploitation scenario (written by');
    expect(html).toContain('What left the machine');
    const firstSent = reviewed.ai!.sent[0]!;
    expect(html).toContain(`<code>${firstSent.findingId}</code>`);
  });

  it('without models prints "no AI model ran" and nothing else about AI', async () => {
    const html = renderHtml(plain);
    expect(html).toContain(`<b>AI validation:</b> ${NO_AI_LINE}`);
    expect(html).not.toContain('AI review');
    expect(html).not.toContain('What left the machine');
    const text = squash((await inspectPdf(await renderPdf(plain))).pageText.join('\n'));
    expect(text).toContain(squash(`AI validation ${NO_AI_LINE}`));
    expect(text).not.toContain(squash('AI review'));
  }, 120_000);
});

describe('methodology when models ran but nothing was sent', () => {
  it('says why: nothing selected, or every answer cached', () => {
    const models = [{ provider: 'openai' as const, model: 'm', asked: 0, answered: 0, truePositive: 0, falsePositive: 0, uncertain: 0, noAnswer: 0, cached: 0, scenarios: 0, inputTokens: 0, outputTokens: 0 }];
    const none = renderHtml({ ...plain, ai: { promptVersion: 'v1', models, selected: 0, reviewed: 0, sent: [] } });
    expect(none).toContain('Nothing: no finding was critical, high, a sampled medium or a flagged route.');
    expect(none).toContain('<b>AI validation:</b> openai m on 0 findings');
    const cached = renderHtml({ ...plain, ai: { promptVersion: 'v1', models: [{ ...models[0]!, cached: 3 }], selected: 3, reviewed: 3, sent: [] } });
    expect(cached).toContain('Nothing: every answer came from earlier answers to the same question.');
  });
});
