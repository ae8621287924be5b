import { describe, expect, it } from 'vitest';
import { validateBeta, validateContact } from './validate-forms';

const ok = { name: 'Ada', email: 'ada@example.com', message: 'Hello' };

describe('validateContact', () => {
  it('needs name, a valid e-mail and a message, in that order', () => {
    expect(validateContact(ok)).toBeNull();
    expect(validateContact({ ...ok, name: '  ' })).toBe('Name is required');
    expect(validateContact({ ...ok, email: 'not-an-email' })).toBe('Please enter a valid email address');
    expect(validateContact({ ...ok, message: '' })).toBe('Message is required');
  });
});

describe('validateBeta', () => {
  it('also needs the programming language', () => {
    expect(validateBeta({ ...ok, programming_language: 'python' })).toBeNull();
    expect(validateBeta({ ...ok, programming_language: '' })).toBe('Programming language is required');
  });
});
