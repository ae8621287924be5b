// Webhook posts connect to the address the SSRF guard checked, never to a fresh DNS answer (DNS rebinding). The
// receivers are real sockets on loopback; the URL's host ends in .invalid, which DNS never resolves, so a request
// that arrives proves the pinned address was used, and its Host header / SNI show the name was kept.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTcpProbe } from '../../test/tcp-probe';
import { postWebhook, postWebhookTo } from './post-webhook';

interface Received {
  host: string | undefined;
  signature: string | undefined;
  body: string;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function startReceiver(host: '127.0.0.1' | '::1') {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ host: req.headers.host, signature: req.headers['x-duescan-signature'] as string | undefined, body: Buffer.concat(chunks).toString() });
      res.statusCode = 204;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  closers.push(() => new Promise<void>((r) => server.close(() => r())));
  return { port: (server.address() as AddressInfo).port, received };
}

const post = { body: '{"event":"scan.completed"}', headers: { 'x-duescan-signature': 't=1,v1=abc' }, timeoutMs: 5_000 };

describe('webhook posts are pinned to the checked address', () => {
  it.each(['127.0.0.1', '::1'] as const)('http over %s: arrives with the original Host header', async (address) => {
    const receiver = await startReceiver(address);
    const url = `http://hook.invalid:${receiver.port}/hooks/duescan`;
    await expect(postWebhookTo({ ...post, url }, address)).resolves.toBe(204);
    expect(receiver.received).toEqual([{ host: `hook.invalid:${receiver.port}`, signature: 't=1,v1=abc', body: post.body }]);
  });

  it('https: TLS goes to the pinned address with the host name as SNI', async () => {
    const probe = await startTcpProbe('127.0.0.1');
    closers.push(probe.close);
    await expect(postWebhookTo({ ...post, url: `https://hook.invalid:${probe.port}/h` }, '127.0.0.1')).rejects.toThrow();
    expect(probe.firstBytes.length).toBe(1);
    expect(probe.firstBytes[0]![0]).toBe(0x16); // TLS handshake record
    expect(probe.firstBytes[0]!.includes('hook.invalid')).toBe(true);
  });

  it('postWebhook checks the host first: private addresses are refused before any connection', async () => {
    const receiver = await startReceiver('127.0.0.1');
    const url = `http://127.0.0.1:${receiver.port}/hooks/duescan`;
    await expect(postWebhook({ ...post, url, allowPrivate: false })).rejects.toThrow(/private or local network address/);
    expect(receiver.received).toEqual([]);
    await expect(postWebhook({ ...post, url, allowPrivate: true })).resolves.toBe(204);
    expect(receiver.received).toHaveLength(1);
  });

  it('postWebhook resolves through the guard, so a name DNS cannot answer is refused', async () => {
    await expect(postWebhook({ ...post, url: 'http://hook.invalid/h', allowPrivate: true })).rejects.toThrow(/could not be resolved/);
  });
});
