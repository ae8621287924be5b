// The public forms (spec section 7): POST /contact and POST /beta-testers, both answering {success}.
import { ZSuccessResponse, type TBetaRequest, type TContactRequest } from '@duescan/contracts';
import { apiRequest } from './client';

export async function sendContact(message: TContactRequest): Promise<boolean> {
  return (await apiRequest('/contact', { method: 'POST', body: message, schema: ZSuccessResponse, auth: false })).success;
}

export async function applyForBeta(application: TBetaRequest): Promise<boolean> {
  return (await apiRequest('/beta-testers', { method: 'POST', body: application, schema: ZSuccessResponse, auth: false })).success;
}
