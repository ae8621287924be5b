import { describe, expect, it } from 'vitest';
import { ZRegisterRequest, ZScanCreateRequest } from './api';
import { ZPromoRequest } from './purchase';
import { MESSAGES } from './messages';

describe('contracts', () => {
  it('normalises e-mails and enforces the password length', () => {
    const ok = ZRegisterRequest.parse({ email: '  Ann@Example.COM ', password: 'longenough' });
    expect(ok.email).toBe('ann@example.com');
    const short = ZRegisterRequest.safeParse({ email: 'a@b.co', password: 'short' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe(MESSAGES.passwordTooShort);
    expect(ZRegisterRequest.safeParse({ email: 'not-an-email', password: 'longenough' }).success).toBe(false);
  });
  it('requires a project URL and a valid webhook URL', () => {
    const empty = ZScanCreateRequest.safeParse({ project_url: ' ', package_type: 'pro' });
    expect(empty.error?.issues[0]?.message).toBe(MESSAGES.projectUrlRequired);
    expect(ZScanCreateRequest.safeParse({ project_url: 'x', package_type: 'pro', webhook_url: 'nope' }).success).toBe(false);
    expect(ZScanCreateRequest.parse({ project_url: 'x', package_type: 'pro', webhook_url: '' }).webhook_url).toBeNull();
  });
  it('upper-cases promo codes', () => {
    expect(ZPromoRequest.parse({ code: 'beta50', email: 'A@B.CO', package: 'pro' })).toEqual({
      code: 'BETA50',
      email: 'a@b.co',
      package: 'pro',
    });
  });
});
