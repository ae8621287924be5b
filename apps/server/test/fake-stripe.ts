// A loopback stand-in for api.stripe.com, enough of its REST protocol for PaymentIntents: form-encoded
// requests with bracketed keys, bearer secret key, Idempotency-Key replay, JSON answers and card errors as 402.
// It also signs webhook events the way Stripe does (Stripe-Signature: t=<unix>,v1=<HMAC-SHA256(secret, "t.body")>).
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  contentType: string | undefined;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
}

export type Intent = Record<string, unknown> & { id: string; status: string; metadata: Record<string, string> };

/** Test payment methods named after Stripe's documented test tokens. */
const OUTCOMES: Record<string, 'succeeded' | 'declined' | 'requires_action' | 'api_error'> = {
  pm_card_visa: 'succeeded',
  /** Not a Stripe token: makes the fake answer 500 api_error (Stripe having an outage). */
  pm_fake_outage: 'api_error',
  pm_card_chargeDeclined: 'declined',
  pm_card_authenticationRequired: 'requires_action',
};

/**
 * `beforeAnswer` runs after a PaymentIntent is created and before the HTTP answer goes back: a test can deliver
 * the webhook there, the way Stripe may notify before the confirming request has returned.
 */
export async function startFakeStripe(secretKey: string, hooks: { beforeAnswer?: (intent: Intent) => Promise<void> } = {}) {
  const requests: RecordedRequest[] = [];
  const byIdempotencyKey = new Map<string, { status: number; body: string }>();
  const intents = new Map<string, Intent>();

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        form,
      };
      requests.push(recorded);
      const send = (status: number, body: string) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
        res.end(body);
      };
      if (recorded.authorization !== `Bearer ${secretKey}`) {
        return send(401, JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
      }
      if (req.method !== 'POST' || req.url !== '/v1/payment_intents') {
        return send(404, JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } }));
      }
      const replay = recorded.idempotencyKey ? byIdempotencyKey.get(recorded.idempotencyKey) : undefined;
      if (replay) return send(replay.status, replay.body);
      const answer = createIntent(form);
      if (recorded.idempotencyKey) byIdempotencyKey.set(recorded.idempotencyKey, answer);
      const intent = answer.intent;
      void (intent && hooks.beforeAnswer ? hooks.beforeAnswer(intent) : Promise.resolve()).then(() => send(answer.status, answer.body));
    });
  });

  function metadataOf(form: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(form)) {
      const m = /^metadata\[(.+)\]$/.exec(k);
      if (m) out[m[1]!] = v;
    }
    return out;
  }

  function createIntent(form: Record<string, string>): { status: number; body: string; intent?: Intent } {
    const id = `pi_${randomBytes(8).toString('hex')}`;
    const outcome = OUTCOMES[form.payment_method ?? ''] ?? 'declined';
    if (outcome === 'api_error') return { status: 500, body: JSON.stringify({ error: { type: 'api_error', message: 'An unknown error occurred' } }) };
    const base: Intent = {
      id,
      object: 'payment_intent',
      amount: Number(form.amount),
      currency: form.currency,
      client_secret: `${id}_secret_${randomBytes(6).toString('hex')}`,
      metadata: metadataOf(form),
      payment_method: form.payment_method,
      status: outcome === 'declined' ? 'requires_payment_method' : outcome,
      last_payment_error: null,
    };
    intents.set(id, base);
    if (outcome !== 'declined') return { status: 200, body: JSON.stringify(base), intent: base };
    const error = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    return { status: 402, body: JSON.stringify({ error: { ...error, payment_intent: { ...base, last_payment_error: error } } }) };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A webhook event for a PaymentIntent, as Stripe sends it. */
export function intentEvent(type: string, intent: Intent): string {
  return JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: { ...intent, status: type === 'payment_intent.succeeded' ? 'succeeded' : intent.status } },
  });
}

export function stripeSignature(secret: string, payload: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
