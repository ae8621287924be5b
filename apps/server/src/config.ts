// The only reader of the environment: one zod schema, parsed once at boot. Everything else receives a Config.
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DOWNLOADS_DIR, DEFAULT_WEB_DIST } from './paths';
import { SCAN_ENV, toScanConfig } from './config/scan-config';
import { COMMERCE_ENV, toCommerceConfig } from './config/commerce-config';
import { STORAGE_ENV, toStorageConfig } from './config/storage-config';
import { LIFECYCLE_ENV, toLifecycleConfig } from './config/lifecycle-config';
import { AI_ENV, toAiConfig } from './ai/ai-config';
import { AiConfigError } from '@duescan/ai';

/** Secrets that ship in the source: fine on a laptop, refused when NODE_ENV=production. */
export const DEV_JWT_SECRET = 'duescan-dev-only-secret-change-me-in-production-0123456789';

const durationPattern = /^\d+[smhd]$/;
const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const flag = z.preprocess(emptyToUndefined, z.enum(['true', 'false', '1', '0']).default('false')).transform(
  (v) => v === 'true' || v === '1',
);

const ZEnv = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(
    emptyToUndefined,
    z.coerce.number({ message: 'PORT must be a number' }).int().min(0).max(65535, 'PORT must be at most 65535').default(8080),
  ),
  HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  PUBLIC_URL: optionalString.pipe(z.url({ message: 'PUBLIC_URL must be an absolute URL' }).optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
    message: 'DATABASE_URL must start with postgres:// or postgresql://',
  }),
  DATABASE_POOL_SIZE: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(200).default(10)),
  READ_CACHE_ENTRIES: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(1_000_000).default(2000)),
  SMTP_URL: optionalString.refine((v) => v === undefined || /^smtps?:\/\//.test(v), {
    message: 'SMTP_URL must start with smtp:// or smtps://',
  }),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('DueScan <no-reply@duescan.local>')),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'JWT_SECRET must be at least 32 characters').default(DEV_JWT_SECRET)),
  JWT_TTL: z.preprocess(
    emptyToUndefined,
    z.string().regex(durationPattern, 'JWT_TTL must look like 30m, 12h or 7d').default('12h'),
  ),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().default(DEFAULT_WEB_DIST)),
  DOWNLOADS_DIR: z.preprocess(emptyToUndefined, z.string().default(DEFAULT_DOWNLOADS_DIR)),
  TRUST_PROXY: flag,
  ARGON2_MEMORY_KIB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1024).default(19456)),
  ARGON2_TIME_COST: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(20).default(2)),
  AUTH_RATE_LIMIT_PER_IP: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30)),
  AUTH_RATE_LIMIT_PER_EMAIL: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(10)),
  AUTH_RATE_LIMIT_WINDOW: z.preprocess(
    emptyToUndefined,
    z.string().regex(durationPattern, 'AUTH_RATE_LIMIT_WINDOW must look like 60s or 15m').default('1m'),
  ),
  ...SCAN_ENV,
  ...COMMERCE_ENV,
  ...STORAGE_ENV,
  ...AI_ENV,
  ...LIFECYCLE_ENV,
});

export type Config = ReturnType<typeof toConfig>;
/** Every variable the server reads: deployment files (Dockerfile, compose.yaml) are tested against this list. */
export const CONFIG_ENV_NAMES: readonly string[] = Object.keys(ZEnv.shape);

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function durationToMs(value: string): number {
  const unit = value.slice(-1);
  const n = Number(value.slice(0, -1));
  const factor = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[unit as 's' | 'm' | 'h' | 'd'];
  return n * factor;
}

function toConfig(env: z.infer<typeof ZEnv>) {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir,
    pgliteDir: path.join(dataDir, 'db'),
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    readCacheEntries: env.READ_CACHE_ENTRIES,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    jwtSecret: env.JWT_SECRET,
    jwtTtlSeconds: Math.floor(durationToMs(env.JWT_TTL) / 1000),
    logLevel: env.LOG_LEVEL,
    webDist: path.resolve(env.WEB_DIST),
    downloadsDir: path.resolve(env.DOWNLOADS_DIR),
    trustProxy: env.TRUST_PROXY,
    argon2: { memoryCost: env.ARGON2_MEMORY_KIB, timeCost: env.ARGON2_TIME_COST },
    authRateLimit: {
      perIp: env.AUTH_RATE_LIMIT_PER_IP,
      perEmail: env.AUTH_RATE_LIMIT_PER_EMAIL,
      windowMs: durationToMs(env.AUTH_RATE_LIMIT_WINDOW),
    },
    scans: toScanConfig(env, dataDir),
    commerce: toCommerceConfig(env),
    storage: toStorageConfig(env, dataDir),
    /** Third-party model review of web scans; null (off) unless AI_MODELS is set. */
    ai: toAiConfig(env, dataDir),
    lifecycle: toLifecycleConfig(env),
  };
}

/** Parses the environment; throws ConfigError with every problem listed, one per line. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  let config: Config;
  try {
    config = toConfig(parsed.data);
  } catch (error) {
    if (error instanceof AiConfigError) throw new ConfigError(`Invalid configuration:\n  ${error.message}`);
    throw error;
  }
  if (config.isProduction && config.jwtSecret === DEV_JWT_SECRET) {
    throw new ConfigError(
      'Refusing to start: NODE_ENV=production but JWT_SECRET is the built-in development secret.\n' +
        '  Set JWT_SECRET to a random value of at least 32 characters, e.g. `openssl rand -base64 48`.',
    );
  }
  if (config.isProduction && config.commerce.stripe && !config.commerce.stripe.webhookSecret) {
    throw new ConfigError(
      'Refusing to start: STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not. Payments that complete after\n' +
        '  the checkout answer (3-D Secure, processing) are only granted through the signed webhook.',
    );
  }
  return config;
}
