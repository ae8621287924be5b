import { ZUsageResponse, ZUser, type TUsageResponse, type TUser } from '@duescan/contracts';
import { apiRequest } from './client';

export function getMe(options: { redirectOn401?: boolean } = {}): Promise<TUser> {
  return apiRequest('/account/me', { schema: ZUser, ...options });
}

export function getUsage(): Promise<TUsageResponse> {
  return apiRequest('/account/usage', { schema: ZUsageResponse });
}
