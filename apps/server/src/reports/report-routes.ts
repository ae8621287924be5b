// GET /reports/:id -> {report_url, json_url}; GET /reports/:id/download?format&expires&sig streams the file.
import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { z } from 'zod';
import { ZReportDownloadQuery } from '@duescan/contracts';
import { currentUser } from '../http/auth-guard';
import { Errors } from '../errors';
import type { ReportService } from './report-service';

const ZId = z.object({ id: z.uuid() });

function scanId(params: unknown): string {
  const parsed = ZId.safeParse(params);
  // A malformed id is as unknown as a foreign one.
  if (!parsed.success) throw Errors.notFound('Scan not found');
  return parsed.data.id;
}

export function reportRoutes(reports: ReportService, requireUser: preHandlerHookHandler) {
  return async function register(app: FastifyInstance): Promise<void> {
    app.get('/reports/:id', { preHandler: requireUser }, async (request) => reports.urls(currentUser(request), scanId(request.params)));
    app.get('/reports/:id/download', async (request, reply) => {
      const id = scanId(request.params);
      const query = ZReportDownloadQuery.safeParse(request.query);
      if (!query.success) throw Errors.badRequest('The download link is incomplete. Open the report again from the Scans screen.');
      const file = await reports.open(id, query.data.format, query.data.expires, query.data.sig);
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', `attachment; filename="${file.filename}"`);
      return reply.send(file.stream);
    });
  };
}
