// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fillTemplate, landingTemplate } from './prerender';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>DueScan</title>
    <meta name="description" content="Old." />
    <script type="module" crossorigin src="/assets/main-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/chunk-1.js">
    <link rel="stylesheet" crossorigin href="/assets/main-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('fillTemplate', () => {
  it('replaces the title and description with the page head and fills #root', () => {
    const html = fillTemplate(TEMPLATE, '<title>Pricing · DueScan</title>', '<main>$& prices</main>');
    expect(html).toContain('<title>Pricing · DueScan</title>');
    expect(html).not.toContain('content="Old."');
    // "$&" in a page must stay literal (no replacement patterns).
    expect(html).toContain('<div id="root"><main>$& prices</main></div>');
  });

  it('refuses a template without the placeholders', () => {
    expect(() => fillTemplate('<html></html>', '', '')).toThrow(/lacks/);
  });
});

describe('landingTemplate', () => {
  it('swaps the app and its preloads for the island script, keeping the stylesheet', () => {
    const manifest = {
      'src/pages/landing/island.ts': { file: 'assets/landing-1.js', isEntry: true, imports: ['_behaviour.js'] },
      '_behaviour.js': { file: 'assets/landing-behaviour-2.js' },
    };
    const html = landingTemplate(TEMPLATE, manifest, 'src/pages/landing/island.ts');
    expect(html).not.toContain('main-abc.js');
    expect(html).not.toContain('chunk-1.js');
    expect(html).toContain('<script type="module" crossorigin src="/assets/landing-1.js"></script>');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/landing-behaviour-2.js">');
    expect(html).toContain('main-abc.css');
  });

  it('fails when the build has no island entry', () => {
    expect(() => landingTemplate(TEMPLATE, {}, 'src/pages/landing/island.ts')).toThrow(/no entry/);
  });
});
