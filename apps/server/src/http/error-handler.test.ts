import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES, ZLoginRequest, ZRegisterRequest } from '@duescan/contracts';
import { nulDetail, zodDetail } from './error-handler';

const detail = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a validation error');
  return zodDetail(result.error);
};

describe('zodDetail', () => {
  it('passes the contract messages through verbatim', () => {
    expect(detail(ZRegisterRequest, { email: 'a@b.co', password: 'short' })).toBe(MESSAGES.passwordTooShort);
    expect(detail(ZRegisterRequest, { email: 'nope', password: 'longenough' })).toBe('Please enter a valid email address');
  });

  it('names missing and mistyped fields', () => {
    expect(detail(ZLoginRequest, { password: 'x' })).toBe('Email is required');
    expect(detail(ZLoginRequest, { email: 42, password: 'x' })).toBe('Email must be a string');
    expect(detail(ZRegisterRequest, { email: 'a@b.co', password: 'x'.repeat(300) })).toMatch(/^Password: Too big/);
  });
});

describe('nulDetail', () => {
  it('names the field holding a NUL character, however deep, and ignores other issues', () => {
    const nul = (schema: z.ZodType, input: unknown) => {
      const result = schema.safeParse(input);
      if (result.success) throw new Error('expected a validation error');
      return nulDetail(result.error);
    };
    expect(nul(ZRegisterRequest, { email: 'a@b.co', password: 'longenough', company: 'Ac\u0000me' })).toBe(
      'Company must not contain the NUL character (U+0000)',
    );
    expect(nul(ZLoginRequest, { email: 'a\u0000@b.co', password: 'x' })).toBe('Email must not contain the NUL character (U+0000)');
    expect(nul(ZRegisterRequest, { email: 'a@b.co', password: 'short' })).toBeNull();
  });
});
