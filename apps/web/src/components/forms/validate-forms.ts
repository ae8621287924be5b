// Client-side checks of the public forms (spec section 5), in field order; the server checks them again.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ContactFields {
  name: string;
  email: string;
  message: string;
}

export function validateContact(fields: ContactFields): string | null {
  if (!fields.name.trim()) return 'Name is required';
  if (!EMAIL.test(fields.email.trim())) return 'Please enter a valid email address';
  if (!fields.message.trim()) return 'Message is required';
  return null;
}

export function validateBeta(fields: ContactFields & { programming_language: string }): string | null {
  if (!fields.name.trim()) return 'Name is required';
  if (!EMAIL.test(fields.email.trim())) return 'Please enter a valid email address';
  if (!fields.programming_language) return 'Programming language is required';
  if (!fields.message.trim()) return 'Message is required';
  return null;
}
