import { describe, expect, it } from 'vitest';
import { redactSecrets } from './redact-text';

describe('redactSecrets', () => {
  it('redacts provider keys and keyword assignments and keeps the layout', () => {
    const key = ['AKIA', 'Z7QW3XK6PL2MN4BV'].join('');
    const text = `const a = 1;\n  const awsKey = "${key}";\n  const password = "Tr0ub4dor&3xyz!";\nreturn a;\n`;
    const out = redactSecrets(text, 'src/app.js');
    expect(out).not.toContain(key);
    expect(out).not.toContain('Tr0ub4dor&3xyz!');
    expect(out.split('\n')).toHaveLength(text.split('\n').length);
    expect(out).toContain('  const awsKey = "AKIA…";');
    expect(out).toContain('return a;');
  });

  it('leaves ordinary code alone', () => {
    const text = 'function add(a, b) {\n  return a + b;\n}\n';
    expect(redactSecrets(text, 'src/add.js')).toBe(text);
  });
});
