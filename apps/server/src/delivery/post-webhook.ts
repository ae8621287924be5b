// POSTs a webhook event. The receiver's host is checked by the SSRF guard right before the post, and the
// connection goes to that checked address (its `lookup` answers with it; nothing resolves the name again), so a
// DNS-rebinding answer cannot steer the request to a private address. The Host header, TLS SNI and certificate
// check keep the URL's host name. No redirects are followed.
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { resolvePinnedAddress } from '../fetch/network-targets';

export interface WebhookPost {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
}

/** A lookup that never asks DNS: every name it is asked for is the one host of this request. */
function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    process.nextTick(() => (options.all ? callback(null, [{ address, family }]) : callback(null, address, family)));
  };
}

export async function postWebhook(p: WebhookPost): Promise<number> {
  const address = await resolvePinnedAddress(new URL(p.url).hostname, p.allowPrivate);
  return postWebhookTo(p, address);
}

/** Sends to `address` (checked by `resolvePinnedAddress`; null for IP-literal URLs, which need no lookup). */
export function postWebhookTo(p: Omit<WebhookPost, 'allowPrivate'>, address: string | null): Promise<number> {
  const url = new URL(p.url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(p.body), ...p.headers },
        ...(address ? { lookup: pinnedLookup(address) } : {}),
        timeout: p.timeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${p.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(p.body);
  });
}
