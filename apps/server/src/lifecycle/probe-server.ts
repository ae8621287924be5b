// The worker's probes: a `worker` process serves no API, so an orchestrator has nothing to probe. With
// WORKER_PROBE_PORT set it answers the same two calls as the API (/api/v1/health, /api/v1/ready), nothing else.
import http from 'node:http';
import { once } from 'node:events';
import type { THealthResponse } from '@duescan/contracts';
import { checkReadiness, type ReadinessDeps } from './readiness';

export interface ProbeServer {
  port: number;
  close(): Promise<void>;
}

export async function startProbeServer(deps: ReadinessDeps, port: number, host: string): Promise<ProbeServer> {
  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'GET') return send(405, { detail: 'Method not allowed' });
    if (request.url === '/api/v1/health') {
      const health: THealthResponse = { status: 'ok', database: deps.database.kind, queue: deps.queue };
      return send(200, health);
    }
    if (request.url === '/api/v1/ready') {
      void checkReadiness(deps).then((state) => (state.ready ? send(200, state.body) : send(503, { detail: state.detail })));
      return;
    }
    send(404, { detail: 'Not found' });
  });
  server.listen(port, host);
  await once(server, 'listening');
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
