// Answers of the service's own calls beyond spec section 7 (health, token rotation, webhook key, download query):
// the server returns them and the OpenAPI document describes them from these schemas.
import { z } from 'zod';
import { ZPackageType, ZWebhookUrl } from './api';

export const ZHealthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  queue: z.enum(['up', 'off']),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

/** Readiness: the database answers and the process is not shutting down (else 503 with `{detail}`). */
export const ZReadyResponse = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  queue: z.enum(['up', 'off']),
});
export type TReadyResponse = z.infer<typeof ZReadyResponse>;

export const ZApiTokenResponse = z.object({ api_token: z.string() });
export type TApiTokenResponse = z.infer<typeof ZApiTokenResponse>;

export const ZWebhookSecretResponse = z.object({ webhook_secret: z.string() });
export type TWebhookSecretResponse = z.infer<typeof ZWebhookSecretResponse>;

/** The query of a signed report download link (`GET /reports/{id}/download`). */
export const ZReportDownloadQuery = z.object({
  format: z.enum(['pdf', 'json']).default('pdf'),
  expires: z.coerce.number().int(),
  sig: z.string().min(1).max(200),
});

/** The multipart form of `POST /scans/upload` (the file part travels beside these text fields). */
export const ZUploadFormFields = z.object({
  package_type: ZPackageType,
  webhook_url: ZWebhookUrl.optional().or(z.literal('').transform(() => undefined)),
});

/** What the server answers a payment provider's webhook call once the event is handled. */
export const ZWebhookAck = z.object({ received: z.literal(true) });

/** A payment provider's signed event: its shape is the provider's; the signature header is the check. */
export const ZProviderEvent = z.record(z.string(), z.unknown());
