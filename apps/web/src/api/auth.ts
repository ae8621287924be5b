import { ZAuthResponse, type TAuthResponse } from '@duescan/contracts';
import { apiRequest } from './client';

export interface RegisterInput {
  email: string;
  password: string;
  company: string;
}

export function login(email: string, password: string): Promise<TAuthResponse> {
  return apiRequest('/auth/login', { method: 'POST', body: { email, password }, schema: ZAuthResponse, auth: false });
}

export function register(input: RegisterInput): Promise<TAuthResponse> {
  const company = input.company.trim();
  return apiRequest('/auth/register', {
    method: 'POST',
    body: { email: input.email, password: input.password, company: company === '' ? null : company },
    schema: ZAuthResponse,
    auth: false,
  });
}
