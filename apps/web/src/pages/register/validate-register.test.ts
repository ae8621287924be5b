import { describe, expect, it } from 'vitest';
import { validateRegister } from './validate-register';

const base = { email: 'a@b.co', company: '', password: 'longenough', confirmPassword: 'longenough' };

describe('validateRegister', () => {
  it('accepts matching passwords of 8+ characters with no company', () => {
    expect(validateRegister(base)).toBeNull();
  });

  it('rejects passwords that differ', () => {
    expect(validateRegister({ ...base, confirmPassword: 'longenougH' })).toBe('Passwords do not match');
  });

  it('rejects a 7-character password and accepts exactly 8', () => {
    expect(validateRegister({ ...base, password: '1234567', confirmPassword: '1234567' })).toBe(
      'Password must be at least 8 characters',
    );
    expect(validateRegister({ ...base, password: '12345678', confirmPassword: '12345678' })).toBeNull();
  });
});
