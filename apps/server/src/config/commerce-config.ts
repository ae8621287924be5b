// Configuration of the selling side (merged into the one environment schema in ../config.ts): the payment
// provider, the support address that receives contact and beta mail, the public forms' rate limit and the beta
// programme's feedback delay. Without STRIPE_SECRET_KEY the built-in test provider takes card payments.
import { z } from 'zod';
import { BETA_FEEDBACK_DELAY_HOURS, SUPPORT_EMAIL } from '@duescan/contracts';
import { toMs } from './scan-config';

const empty = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = z.preprocess(empty, z.string().optional());
const duration = (name: string, fallback: string) =>
  z.preprocess(empty, z.string().regex(/^\d+(ms|[smhd])$/, `${name} must look like 500ms, 30s, 15m, 24h or 7d`).default(fallback));

export const COMMERCE_ENV = {
  STRIPE_SECRET_KEY: optional.refine((v) => v === undefined || /^(sk|rk)_(test|live)_/.test(v), {
    message: 'STRIPE_SECRET_KEY must start with sk_test_, sk_live_, rk_test_ or rk_live_',
  }),
  STRIPE_WEBHOOK_SECRET: optional.refine((v) => v === undefined || v.startsWith('whsec_'), {
    message: 'STRIPE_WEBHOOK_SECRET must start with whsec_',
  }),
  STRIPE_PUBLISHABLE_KEY: optional.refine((v) => v === undefined || /^pk_(test|live)_/.test(v), {
    message: 'STRIPE_PUBLISHABLE_KEY must start with pk_test_ or pk_live_',
  }),
  /** Where the Stripe SDK sends its requests (tests point it at a loopback fake); default api.stripe.com. */
  STRIPE_API_URL: optional.pipe(z.url({ message: 'STRIPE_API_URL must be an absolute URL' }).optional()),
  SUPPORT_EMAIL: z.preprocess(empty, z.email({ message: 'SUPPORT_EMAIL must be an e-mail address' }).default(SUPPORT_EMAIL)),
  FORM_RATE_LIMIT_PER_IP: z.preprocess(empty, z.coerce.number().int().min(1).default(10)),
  FORM_RATE_LIMIT_WINDOW: duration('FORM_RATE_LIMIT_WINDOW', '10m'),
  BETA_FEEDBACK_DELAY: duration('BETA_FEEDBACK_DELAY', `${BETA_FEEDBACK_DELAY_HOURS}h`),
};

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- only its type is needed
const ZCommerceEnv = z.object(COMMERCE_ENV);
type CommerceEnv = z.infer<typeof ZCommerceEnv>;

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string | null;
  publishableKey: string | null;
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
}

export function toCommerceConfig(env: CommerceEnv) {
  let stripe: StripeSettings | null = null;
  if (env.STRIPE_SECRET_KEY) {
    const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
    stripe = {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
      api: api
        ? {
            host: api.hostname,
            port: Number(api.port || (api.protocol === 'http:' ? 80 : 443)),
            protocol: api.protocol === 'http:' ? 'http' : 'https',
          }
        : null,
    };
  }
  return {
    stripe,
    supportEmail: env.SUPPORT_EMAIL,
    formRateLimit: { perIp: env.FORM_RATE_LIMIT_PER_IP, windowMs: toMs(env.FORM_RATE_LIMIT_WINDOW) },
    betaFeedbackDelayMs: toMs(env.BETA_FEEDBACK_DELAY),
  };
}
export type CommerceConfig = ReturnType<typeof toCommerceConfig>;
