// POST /scans/create, POST /scans/upload (multipart), POST /scans/cli-upload, GET /scans/list,
// GET /scans/webhook-secret. Thin: zod at the edge, the service does the work.
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import multipart from '@fastify/multipart';
import { rm } from 'node:fs/promises';
import { MAX_UPLOAD_BYTES, ZCliUploadRequest, ZScanCreateRequest, ZScanListQuery, ZUploadFormFields } from '@duescan/contracts';
import { z } from 'zod';
import { currentUser } from '../http/auth-guard';
import type { ScanService } from './scan-service';
import { receiveUpload } from './upload-stream';
import { jsonOnce } from './read-cache';

/** Contract validation; a ZodError becomes the one error answer (422 + detail) in the error handler. */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  return schema.parse(value ?? {});
}

export function scanRoutes(
  scans: ScanService,
  requireUser: preHandlerHookHandler,
  opts: { uploadsDir: string; webhookSecret: (userId: string) => string },
) {
  return async function register(app: FastifyInstance): Promise<void> {
    await app.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 4096, parts: 12 },
      throwFileSizeLimit: false,
    });
    app.addHook('preHandler', requireUser);

    app.post('/scans/create', async (request, reply) => {
      const body = parse(ZScanCreateRequest, request.body);
      return reply.code(201).send(await scans.createFromUrl(currentUser(request), body));
    });

    app.post('/scans/upload', async (request, reply) => {
      const upload = await receiveUpload(request, opts.uploadsDir);
      try {
        const fields = parse(ZUploadFormFields, upload.fields);
        const result = await scans.createFromUpload(currentUser(request), {
          tempFile: upload.tempFile,
          filename: upload.filename,
          packageType: fields.package_type,
          webhookUrl: fields.webhook_url ?? null,
        });
        return reply.code(201).send(result);
      } finally {
        await rm(upload.tempFile, { force: true });
      }
    });

    app.post('/scans/cli-upload', { bodyLimit: 20 * 1024 * 1024 }, async (request, reply) => {
      const body = parse(ZCliUploadRequest, request.body);
      const result = await scans.createFromCli(currentUser(request), body);
      return reply.code(result.duplicate ? 200 : 201).send(result);
    });

    app.get('/scans/list', async (request, reply) => {
      const list = await scans.list(currentUser(request), parse(ZScanListQuery, request.query).limit);
      // The Scans screen polls this every 5 s: the cached answer's JSON is kept with it (see read-cache.ts).
      return reply.type('application/json; charset=utf-8').send(jsonOnce(list));
    });

    /** The key that signs this user's webhook events (see docs/architecture.md, "Scan service"). */
    app.get('/scans/webhook-secret', async (request) => ({ webhook_secret: opts.webhookSecret(currentUser(request).id) }));
  };
}
