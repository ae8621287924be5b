import { describe, expect, it } from 'vitest';
import { inlineScripts, scanInlineScripts } from './inline-scripts';

describe('inlineScripts', () => {
  it('returns inline JavaScript bodies with their first line, skipping src and non-JS types', () => {
    const html = '<html>\n<script src="/app.js"></script>\n<script type="text/template"><b>{{x}}</b></script>\n<script>\nlet a = 1;\n</script>\n<script type="module">go()</script>';
    expect(inlineScripts(html)).toEqual([
      { code: '\nlet a = 1;\n', startLine: 4 },
      { code: 'go()', startLine: 7 },
    ]);
  });

  it('maps a node inside a script to its page line', () => {
    const html = '<div></div>\n<script>\n  const x = 1;\n  $("#a").append(`<i>${x}</i>`);\n</script>';
    const hits = scanInlineScripts(html, 'call_expression', (n) => n.text().startsWith('$("#a")'));
    expect(hits.map((h) => h.line)).toEqual([4]);
  });
});
