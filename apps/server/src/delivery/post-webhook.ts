// POSTs a webhook event. The connection's DNS lookup is checked too (not only at scan creation), so a name that
// later resolves to a private address (DNS rebinding) is still refused. No redirects are followed.
import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isBlockedAddress } from '../fetch/network-targets';

export interface WebhookPost {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
}

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => isBlockedAddress(a.address));
      if (bad && !allowPrivate) return callback(new Error(`${hostname} resolves to a private address`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

export function postWebhook(p: WebhookPost): Promise<number> {
  const url = new URL(p.url);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(p.body), ...p.headers },
        lookup: guardedLookup(p.allowPrivate),
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
