// The landing page variants the build prerenders: the default keeps AI validation on the roadmap; the variant a
// server with models configured sends says what its reports contain, without the badge.
import { describe, expect, it } from 'vitest';
import { renderPage } from './entry-server';

const aiCard = (html: string) => {
  const at = html.indexOf('Multi-Model AI Validation');
  return html.slice(Math.max(0, at - 400), at + 600);
};

describe('landing page prerender', () => {
  it('by default marks Multi-Model AI Validation as roadmap', async () => {
    const { status, html } = await renderPage('/');
    expect(status).toBe(200);
    expect(aiCard(html)).toContain('Roadmap');
    expect(aiCard(html)).toContain('deterministic scanners');
  });

  it('with AI validation configured says the models vote and never change a severity, with no roadmap badge', async () => {
    const { html } = await renderPage('/', { aiValidation: true });
    expect(aiCard(html)).not.toContain('Roadmap');
    expect(aiCard(html)).toContain('The AI models configured on this service review the critical and high findings of web scans');
    expect(aiCard(html)).toContain('they never change a severity');
  });
});

describe('landing variant file name', () => {
  it('is the one the server looks for', async () => {
    const { LANDING_WITH_AI_VALIDATION } = await import('../../build/paths');
    const { LANDING_WITH_AI_VALIDATION_FILE } = await import('@duescan/contracts');
    expect(LANDING_WITH_AI_VALIDATION).toBe(LANDING_WITH_AI_VALIDATION_FILE);
  });
});
