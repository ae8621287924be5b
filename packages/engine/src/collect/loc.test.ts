import { describe, expect, it } from 'vitest';
import { countLines } from './loc';

describe('countLines', () => {
  it('separates code, comments and blanks in C-like languages, block comments included', () => {
    const src = ['// a comment', 'const a = 1;', '', '/* one', '   two */', 'const b = 2; /* inline */', '   ', '/* x */ const c = 3;'].join('\n');
    expect(countLines(src, 'typescript')).toEqual({ code: 3, comment: 3, blank: 2 });
  });

  it('does not treat comment markers inside strings as comments', () => {
    const src = ['const url = "http://example.com";', "const s = '/* not a comment';", 'const t = `// nor this`;', 'x();'].join('\n');
    expect(countLines(src, 'javascript')).toEqual({ code: 4, comment: 0, blank: 0 });
  });

  it('handles hash comments (Python, shell, YAML, Dockerfile)', () => {
    const src = ['#!/usr/bin/env python', '# doc', 'x = "#not comment"', '', 'y = 2  # trailing'].join('\n');
    expect(countLines(src, 'python')).toEqual({ code: 2, comment: 2, blank: 1 });
    expect(countLines('FROM node:20\n# note\nRUN npm ci\n', 'dockerfile')).toEqual({ code: 2, comment: 1, blank: 0 });
  });

  it('handles markup and SQL comment syntax', () => {
    expect(countLines('<!-- a\nb -->\n<p>hi</p>\n', 'html')).toEqual({ code: 1, comment: 2, blank: 0 });
    expect(countLines('-- q\nSELECT 1;\n/* c */\n', 'sql')).toEqual({ code: 1, comment: 2, blank: 0 });
  });

  it('after code on a line, still sees a block comment left open, and no marker inside a string', () => {
    const src = ['const a = "x /* y"; /* opens', 'still comment */ b();', "f('//', `/*`); // c", 'g(); /* shut */ h();', 'done();'].join('\n');
    expect(countLines(src, 'typescript')).toEqual({ code: 5, comment: 0, blank: 0 });
    const open = ['x = 1; /* a', 'b', 'c */', 'y = 2; // z /* no block'].join('\n');
    expect(countLines(open, 'javascript')).toEqual({ code: 2, comment: 2, blank: 0 });
    expect(countLines('x = "#" + y  # note\n  # only\n', 'python')).toEqual({ code: 1, comment: 1, blank: 0 });
  });

  it('counts a final line without newline and CRLF files', () => {
    expect(countLines('a = 1\r\n\r\n# c\r\nb = 2', 'python')).toEqual({ code: 2, comment: 1, blank: 1 });
    expect(countLines('', 'python')).toEqual({ code: 0, comment: 0, blank: 0 });
  });
});
