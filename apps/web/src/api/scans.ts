import { ZScanListResponse, type TScan } from '@duescan/contracts';
import { ApiError, apiRequest } from './client';

/**
 * The user's scans, newest first. Until the scan service is deployed the endpoint answers 404;
 * that means "no scans" to the user, not a failure.
 */
export async function listScans(limit?: number): Promise<TScan[]> {
  try {
    const answer = await apiRequest('/scans/list', {
      schema: ZScanListResponse,
      query: limit === undefined ? undefined : { limit },
    });
    return answer.scans;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}
