import { describe, expect, it } from 'vitest';
import { KeywordScanner } from './run';
import { PATTERN_RULES } from '../rules';

describe('KeywordScanner', () => {
  it('answers exactly what text.includes answers, for prefixes, substrings and overlapping keywords', () => {
    const keywords = ['exec', 'execute', 'cute', 'ute(', 'x', '.', 'a.b', '/', '//', '(?', '[', '\\', '$', 'secret_key', 'key'];
    const scanner = new KeywordScanner(keywords);
    const texts = ['', 'execute(', 'cursor.execute(q)', 'a.b//x', 'no hit here', '(?[\\$', 'SECRET_KEY = key', 'exexecute', 'execut'];
    for (const text of texts) {
      const has = scanner.scan(text);
      for (const k of [...keywords, 'absent', '', 'xecu']) expect(has(k), `${JSON.stringify(k)} in ${JSON.stringify(text)}`).toBe(text.includes(k));
    }
  });

  it('agrees with text.includes for every rule keyword over the rules\' own source text', () => {
    const keywords = PATTERN_RULES.flatMap((r) => [...(r.text?.keywords ?? []), ...Object.values(r.tree ?? {}).flatMap((ms) => ms.flatMap((m) => m.keywords))]);
    const scanner = new KeywordScanner(keywords);
    // texts that hold many keywords, overlapping ones among them: the keywords themselves, joined and shifted
    const texts = [keywords.join(''), keywords.join(' '), [...keywords].reverse().join('_'), keywords.map((k) => k.slice(1)).join('')];
    for (const text of texts) {
      const has = scanner.scan(text);
      for (const k of keywords) expect(has(k)).toBe(text.includes(k));
    }
  });
});
