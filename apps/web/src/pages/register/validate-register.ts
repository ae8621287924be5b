import { MESSAGES, MIN_PASSWORD_LENGTH } from '@duescan/contracts';

export interface RegisterForm {
  email: string;
  company: string;
  password: string;
  confirmPassword: string;
}

/** Spec section 5: the first rule broken, or null when the form may be sent. */
export function validateRegister(form: RegisterForm): string | null {
  if (form.password !== form.confirmPassword) return MESSAGES.passwordsDoNotMatch;
  if (form.password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  return null;
}
