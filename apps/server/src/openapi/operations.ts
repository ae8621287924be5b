// Every API call the server may register, described from the zod contracts: the OpenAPI document is generated
// from this table (see document.ts) for the routes actually registered, so it never describes a call that this
// server does not answer. A registered route missing here fails openapi.test.ts.
import type { z } from 'zod';
import {
  ZApiTokenResponse,
  ZAuthResponse,
  ZBetaRequest,
  ZCliUploadRequest,
  ZCliUploadResponse,
  ZContactRequest,
  ZHealthResponse,
  ZReadyResponse,
  ZLoginRequest,
  ZPaymentConfig,
  ZPromoRequest,
  ZPromoResponse,
  ZStripeWebhookResponse,
  ZTestCardRequest,
  ZTestCardResponse,
  ZRegisterRequest,
  ZReportDownloadQuery,
  ZReportUrlResponse,
  ZScan,
  ZScanCreateRequest,
  ZScanListQuery,
  ZScanListResponse,
  ZSubscriptionRequest,
  ZSubscriptionResponse,
  ZSuccessResponse,
  ZUploadFormFields,
  ZUploadResponse,
  ZUsageResponse,
  ZUser,
  ZWebhookSecretResponse,
} from '@duescan/contracts';

export type Auth = 'bearer' | 'none' | 'signed-link';

export interface Operation {
  summary: string;
  tag: string;
  auth: Auth;
  params?: Record<string, string>;
  query?: z.ZodObject;
  json?: z.ZodType;
  /** multipart/form-data: these text fields plus one binary `file` part. */
  multipart?: z.ZodObject;
  /** Success answers: status -> JSON schema, or a list of file media types. */
  responses: Record<number, z.ZodType | { files: string[] }>;
  /** Error statuses this call answers with `{detail}` (500 is added to every call). */
  errors: number[];
}

const ID = { id: 'The scan id (uuid)' };

/** Keyed by Fastify method and path below `/api/v1` (`:id` style). */
export const OPERATIONS: Record<string, Operation> = {
  'GET /health': { summary: 'Liveness: database engine and queue state', tag: 'service', auth: 'none', responses: { 200: ZHealthResponse }, errors: [] },
  'GET /ready': { summary: 'Readiness: the database answers and the node is not shutting down', tag: 'service', auth: 'none', responses: { 200: ZReadyResponse }, errors: [503] },
  'GET /openapi.json': { summary: 'This OpenAPI 3.1 document', tag: 'service', auth: 'none', responses: {}, errors: [] },
  'POST /auth/register': { summary: 'Create an account', tag: 'auth', auth: 'none', json: ZRegisterRequest, responses: { 201: ZAuthResponse }, errors: [400, 409, 422, 429] },
  'POST /auth/login': { summary: 'Sign in', tag: 'auth', auth: 'none', json: ZLoginRequest, responses: { 200: ZAuthResponse }, errors: [400, 401, 422, 429] },
  'GET /account/me': { summary: 'The signed-in user', tag: 'account', auth: 'bearer', responses: { 200: ZUser }, errors: [401] },
  'GET /account/usage': { summary: 'Scan figures, recent scans, credits and plan', tag: 'account', auth: 'bearer', responses: { 200: ZUsageResponse }, errors: [401] },
  'POST /account/api-token/rotate': { summary: 'Issue a new CLI API token (the old one stops working)', tag: 'account', auth: 'bearer', responses: { 200: ZApiTokenResponse }, errors: [401] },
  'POST /scans/create': {
    summary: 'Scan a git repository (or an allow-listed server path); spends one credit',
    tag: 'scans',
    auth: 'bearer',
    json: ZScanCreateRequest,
    responses: { 201: ZScan },
    errors: [400, 401, 402, 403, 422],
  },
  'POST /scans/upload': {
    summary: 'Scan an uploaded .zip, .tar, .tar.gz or .tgz (at most 100 MB); spends one credit',
    tag: 'scans',
    auth: 'bearer',
    multipart: ZUploadFormFields,
    responses: { 201: ZUploadResponse },
    errors: [400, 401, 402, 403, 413, 422],
  },
  'POST /scans/cli-upload': {
    summary: "Store the CLI's anonymized report as a scan; a repeated scan_token answers 200 and charges nothing",
    tag: 'scans',
    auth: 'bearer',
    json: ZCliUploadRequest,
    responses: { 200: ZCliUploadResponse, 201: ZCliUploadResponse },
    errors: [400, 401, 402, 403, 413, 422],
  },
  'GET /scans/list': { summary: "The user's scans, newest first", tag: 'scans', auth: 'bearer', query: ZScanListQuery, responses: { 200: ZScanListResponse }, errors: [401, 422] },
  'GET /scans/webhook-secret': { summary: "The key that signs this user's webhook events", tag: 'scans', auth: 'bearer', responses: { 200: ZWebhookSecretResponse }, errors: [401] },
  'GET /reports/:id': {
    summary: 'Signed download links for a completed scan (valid REPORT_LINK_TTL)',
    tag: 'reports',
    auth: 'bearer',
    params: ID,
    responses: { 200: ZReportUrlResponse },
    errors: [401, 404, 409, 410],
  },
  'GET /reports/:id/download': {
    summary: 'The report file; the signed link is the permission',
    tag: 'reports',
    auth: 'signed-link',
    params: ID,
    query: ZReportDownloadQuery,
    responses: { 200: { files: ['application/pdf', 'application/json'] } },
    errors: [400, 403, 404, 410],
  },
  // Spec section 7 calls of the public site (apps/server/src/payments, promo, contact, beta).
  'POST /validate-promo': {
    summary: 'Price a plan with a promo code (and optional volume quantity); a valid BETA50 takes one of its 100 slots for the e-mail',
    tag: 'site',
    auth: 'none',
    json: ZPromoRequest,
    responses: { 200: ZPromoResponse },
    errors: [400, 409, 422, 429],
  },
  'GET /payments/config': { summary: 'Which card form the web shows: Stripe (with its publishable key) or the built-in test provider', tag: 'site', auth: 'none', responses: { 200: ZPaymentConfig }, errors: [] },
  'POST /payments/test/payment-methods': {
    summary: "Test provider only: a payment method id for a test card (4242… succeeds, 4000…0002 declined, 4000 0025 0000 3155 requires action)",
    tag: 'site',
    auth: 'none',
    json: ZTestCardRequest,
    responses: { 200: ZTestCardResponse },
    errors: [400, 422],
  },
  'POST /subscriptions/create': {
    summary: 'Buy a plan (priced by the server); a declined card answers 402 with the card error',
    tag: 'site',
    auth: 'bearer',
    json: ZSubscriptionRequest,
    responses: { 200: ZSubscriptionResponse },
    errors: [400, 401, 402, 409, 422, 429, 502],
  },
  'POST /payments/stripe/webhook': {
    summary: 'Stripe only: signed PaymentIntent events (Stripe-Signature header, raw JSON body); a bad signature answers 400',
    tag: 'site',
    auth: 'none',
    responses: { 200: ZStripeWebhookResponse },
    errors: [400],
  },
  'POST /contact': { summary: 'Send a message to the team', tag: 'site', auth: 'none', json: ZContactRequest, responses: { 200: ZSuccessResponse }, errors: [400, 422, 429] },
  'POST /beta-testers': { summary: 'Apply to the beta programme', tag: 'site', auth: 'none', json: ZBetaRequest, responses: { 200: ZSuccessResponse }, errors: [400, 422, 429] },
};
