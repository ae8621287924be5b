import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './jwt';

const USER = '6f1c2d3e-0000-4000-8000-000000000001';

describe('access tokens', () => {
  it('accepts its own token, again from the verified cache, and refuses it once expired', async () => {
    let offsetMs = 0;
    const tokens = createAccessTokens(randomBytes(32), 60, () => Date.now() + offsetMs);
    const token = await tokens.issue(USER);
    expect(await tokens.verify(token)).toBe(USER);
    expect(await tokens.verify(token)).toBe(USER);
    offsetMs = 61_000; // the cache must not extend a token's life
    expect(await tokens.verify(token)).toBeNull();
    offsetMs = 0;
    expect(await tokens.verify(token)).toBe(USER);
  });

  it('refuses a token changed in any part, even while the original is cached', async () => {
    const tokens = createAccessTokens(randomBytes(32), 60);
    const token = await tokens.issue(USER);
    expect(await tokens.verify(token)).toBe(USER);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const otherUser = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'someone-else' })).toString('base64url');
    expect(await tokens.verify(`${header}.${otherUser}.${signature}`)).toBeNull();
    const flipped = signature.slice(0, -2) + (signature.endsWith('AA') ? 'BB' : 'AA');
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
  });

  it('refuses a token signed with another key', async () => {
    const token = await createAccessTokens(randomBytes(32), 60).issue(USER);
    expect(await createAccessTokens(randomBytes(32), 60).verify(token)).toBeNull();
  });
});
