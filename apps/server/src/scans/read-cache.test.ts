import { describe, expect, it } from 'vitest';
import { createReadCache, jsonOnce } from './read-cache';

describe('read cache', () => {
  it('serves a hit only for the version it was read at', async () => {
    const cache = createReadCache(10);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.read('k', 1, load)).toEqual({ n: 1 });
    expect(await cache.read('k', 1, load)).toEqual({ n: 1 });
    expect(await cache.read('k', 2, load)).toEqual({ n: 2 });
    expect(await cache.read('k', 2, load)).toEqual({ n: 2 });
    expect(loads).toBe(2);
  });

  it('evicts the least recently used entry beyond its size', async () => {
    const cache = createReadCache(2);
    let loads = 0;
    const load = async () => ++loads;
    await cache.read('a', 0, load); // 1
    await cache.read('b', 0, load); // 2
    await cache.read('a', 0, load); // hit: a is now the most recent
    await cache.read('c', 0, load); // 3, evicts b
    expect(cache.size).toBe(2);
    expect(await cache.read('a', 0, load)).toBe(1);
    expect(await cache.read('b', 0, load)).toBe(4);
  });

  it('keeps nothing when its size is 0', async () => {
    const cache = createReadCache(0);
    let loads = 0;
    await cache.read('k', 1, async () => ++loads);
    await cache.read('k', 1, async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('hands out frozen values, so one request cannot change what the next one gets', async () => {
    const cache = createReadCache(1);
    const value = await cache.read('k', 1, async () => ({ scans: [{ id: 'a' }] }));
    expect(() => {
      (value.scans as { id: string }[]).push({ id: 'b' });
    }).toThrow(TypeError);
  });

  it('does not keep a failed load', async () => {
    const cache = createReadCache(5);
    await expect(cache.read('k', 1, async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.read('k', 1, async () => 'ok')).toBe('ok');
  });

  it('serializes a cached answer once and an uncached one every time', async () => {
    const cache = createReadCache(1);
    const cached = await cache.read('k', 1, async () => ({ scans: [{ id: 'a' }], total: 1 }));
    expect(jsonOnce(cached)).toBe('{"scans":[{"id":"a"}],"total":1}');
    expect(jsonOnce(cached)).toBe(jsonOnce(cached));
    const loose = { total: 1 };
    expect(jsonOnce(loose)).toBe('{"total":1}');
    loose.total = 2; // not frozen, so not remembered: the text follows the object
    expect(jsonOnce(loose)).toBe('{"total":2}');
  });
});
