import { ZUsageResponse, ZUser, type TUsageResponse, type TUser } from '@duescan/contracts';
import { apiRequest } from './client';

export function getMe(): Promise<TUser> {
  return apiRequest('/account/me', { schema: ZUser });
}

export function getUsage(): Promise<TUsageResponse> {
  return apiRequest('/account/usage', { schema: ZUsageResponse });
}
