import { makeFindingForContext } from '../testing/context-finding';
import { describe, expect, it } from 'vitest';
import { codeContext } from './context';

const FILE = Array.from({ length: 300 }, (_, i) => `line ${i + 1}`).join('\n');

describe('codeContext', () => {
  it('sends the finding and its same-file trace steps with a radius, not other files', () => {
    const f = makeFindingForContext(100, [
      { kind: 'source', file: 'src/a.js', line: 40, label: 'req.query.q' },
      { kind: 'step', file: 'src/other.js', line: 5, label: 'elsewhere' },
      { kind: 'sink', file: 'src/a.js', line: 100, label: 'query()' },
    ]);
    const ctx = codeContext(f, FILE, { radius: 2, maxLines: 120 })!;
    expect(ctx.ranges).toEqual([[38, 42], [98, 102]]);
    expect(ctx.text).toContain(' 40 | line 40');
    expect(ctx.text).toContain('\n…\n');
    expect(ctx.text).not.toContain('line 5\n');
  });

  it('caps the lines sent, keeping the finding own lines first', () => {
    const f = makeFindingForContext(200, [{ kind: 'source', file: 'src/a.js', line: 10, label: 'x' }]);
    const ctx = codeContext(f, FILE, { radius: 5, maxLines: 14 })!;
    expect(ctx.ranges).toEqual([[5, 7], [195, 205]]);
  });

  it('sends no code for a finding without a line or an unreadable file', () => {
    expect(codeContext(makeFindingForContext(0, []), FILE)).toBeNull();
    expect(codeContext(makeFindingForContext(3, []), null)).toBeNull();
  });
});
