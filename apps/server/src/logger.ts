// One pino logger per process, shared by the HTTP server and the worker, with secrets redacted.
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';

/** Any of these keys, at the top level or one level down, is replaced before a line is written. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  'access_token',
  'api_token',
  'token',
  '*.password',
  '*.access_token',
  '*.api_token',
  '*.token',
];

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: pino.DestinationStream): FastifyBaseLogger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      serializers: {
        err: pino.stdSerializers.err,
        // Only method, path and client address: never headers, bodies or query strings (tokens can hide there).
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: req.url.split('?')[0],
          ip: req.ip,
        }),
      },
    },
    destination,
  );
}
