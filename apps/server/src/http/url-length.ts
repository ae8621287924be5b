// A request address longer than any DueScan route or link needs answers 414 with a sentence, before routing:
// otherwise the static file server tried it as a file name and answered 403 "Forbidden" (ENAMETOOLONG).
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** Far above our longest address (a signed report link, ~200 characters) and below common proxy limits (8 KiB). */
export const MAX_URL_CHARS = 4096;

export function registerUrlLengthLimit(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.raw.url && request.raw.url.length > MAX_URL_CHARS) {
      throw new AppError('uri_too_long', `The address is too long: ${request.raw.url.length} characters, at most ${MAX_URL_CHARS}`, 414);
    }
  });
}
