// Real receivers on loopback: an SMTP server (smtp-server) that keeps raw messages, and a webhook endpoint that
// verifies the DueScan signature the way a customer would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Json } from './scan-runtime';
import { SIGNATURE_HEADER, verifyWebhook } from '../src/delivery/webhook-signature';

export async function startSmtp(): Promise<{ url: string; messages: string[]; close(): Promise<void> }> {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise((r) => server.close(() => r())) };
}

export interface WebhookEvent {
  body: Json;
  verified: boolean;
}

/** Answers 500 to the first `failFirst` requests (to exercise retries), then 204. */
export async function startWebhookReceiver(secretFor: () => string, failFirst = 0) {
  const events: WebhookEvent[] = [];
  let requests = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests += 1;
      if (requests <= failFirst) {
        res.statusCode = 500;
        return res.end();
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      const header = String(req.headers[SIGNATURE_HEADER] ?? '');
      events.push({ body: JSON.parse(raw), verified: verifyWebhook(secretFor(), raw, header, Math.floor(Date.now() / 1000)) });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/duescan`,
    events,
    requests: () => requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
