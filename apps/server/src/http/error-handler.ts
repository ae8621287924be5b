// The one place that turns any thrown error into the API's error shape { detail }.
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError, type z } from 'zod';
import { NUL_ISSUE, NUL_MESSAGE } from '@duescan/contracts';
import { AppError } from '../errors';

const INTERNAL = 'Internal server error';

/** Fastify's own 4xx errors carry messages written for developers; these read better for a user. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
};

/**
 * One sentence a user can act on. Our contract schemas carry their own messages (e.g. 'Password must be at
 * least 8 characters') and pass through; zod's generic ones get the field name in front.
 */
export function zodDetail(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is invalid';
  const label = fieldLabel(issue);
  if (issue.code === 'invalid_type') {
    return /received undefined/.test(issue.message) ? `${label} is required` : `${label} must be a ${issue.expected}`;
  }
  if (/^(Too (big|small)|Invalid)/.test(issue.message)) return `${label}: ${issue.message}`;
  return issue.message;
}

function fieldLabel(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  return field ? field.charAt(0).toUpperCase() + field.slice(1) : 'The request body';
}

/** A NUL character is not a broken rule but text no column can hold: 400, naming the field. */
export function nulDetail(error: ZodError): string | null {
  const issue = error.issues.find((i) => i.code === 'custom' && (i.params as { reason?: string } | undefined)?.reason === NUL_ISSUE);
  return issue ? `${fieldLabel(issue)} ${NUL_MESSAGE}` : null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ detail: error.message });
    }
    if (error instanceof ZodError) {
      const nul = nulDetail(error);
      return nul ? reply.status(400).send({ detail: nul }) : reply.status(422).send({ detail: zodDetail(error) });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = 'code' in error ? String(error.code) : '';
      return reply.status(status).send({ detail: FASTIFY_MESSAGES[code] ?? error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: INTERNAL });
  });
}
