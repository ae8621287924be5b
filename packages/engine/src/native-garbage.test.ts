import { describe, expect, it } from 'vitest';
import { parseSource } from './parse/languages';
import { releaseNativeGarbage } from './native-garbage';

describe('releaseNativeGarbage', () => {
  it('frees dropped syntax trees, which synchronous code alone never does', async () => {
    const source = 'def f(x):\n    return [y * 2 for y in range(x) if y % 3]\n'.repeat(2000);
    const rssAfterParsing = () => {
      for (let i = 0; i < 40; i++) parseSource('python', source).root().kind();
      return process.memoryUsage().rss;
    };
    await releaseNativeGarbage();
    const start = process.memoryUsage().rss;
    const firstRound = rssAfterParsing() - start;
    await releaseNativeGarbage();
    // The same work again reuses the freed memory instead of growing by as much.
    const secondRound = rssAfterParsing() - start;
    expect(firstRound).toBeGreaterThan(20 * 1024 * 1024);
    expect(secondRound).toBeLessThan(firstRound * 1.5);
  });
});
