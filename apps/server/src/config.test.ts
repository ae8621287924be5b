import { describe, expect, it } from 'vitest';
import { ConfigError, DEV_JWT_SECRET, loadConfig } from './config';

describe('loadConfig', () => {
  it('has safe local defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      nodeEnv: 'development',
      databaseUrl: undefined,
      smtpUrl: undefined,
      jwtSecret: DEV_JWT_SECRET,
      jwtTtlSeconds: 12 * 3600,
      publicUrl: 'http://localhost:8080',
      argon2: { memoryCost: 19456, timeCost: 2 },
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.pgliteDir).toBe(`${config.dataDir}/db`);
    expect(config.outboxDir).toBe(`${config.dataDir}/outbox`);
    expect(config.webDist).toMatch(/apps\/web\/dist$/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: ' ', PORT: '' })).toMatchObject({ databaseUrl: undefined, smtpUrl: undefined, port: 8080 });
  });

  it('refuses to start in production on the development secret, with a clear message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET is the built-in development secret/);
    const ok = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    expect(ok.isProduction).toBe(true);
  });

  it('lists every invalid variable by name', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short', JWT_TTL: 'forever' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT must be a number/);
    expect(message).toMatch(/DATABASE_URL must start with postgres/);
    expect(message).toMatch(/JWT_SECRET must be at least 32 characters/);
    expect(message).toMatch(/JWT_TTL must look like/);
  });

  it('parses durations and PUBLIC_URL', () => {
    const config = loadConfig({ JWT_TTL: '30m', PUBLIC_URL: 'https://scan.example.com/', AUTH_RATE_LIMIT_WINDOW: '15m' });
    expect(config.jwtTtlSeconds).toBe(1800);
    expect(config.publicUrl).toBe('https://scan.example.com');
    expect(config.authRateLimit.windowMs).toBe(900_000);
  });
});

describe('loadConfig: third-party models', () => {
  it('is off by default', () => {
    expect(loadConfig({}).ai).toBeNull();
  });

  it('reads the model list, budget and cache path', () => {
    const config = loadConfig({ AI_MODELS: 'openai:gpt-x, anthropic:claude-y', AI_OPENAI_API_KEY: 'sk', AI_ANTHROPIC_API_KEY: 'ak', AI_MAX_TIME: '2m', DATA_DIR: '/tmp/d' });
    expect(config.ai).toMatchObject({
      models: [{ provider: 'openai', model: 'gpt-x' }, { provider: 'anthropic', model: 'claude-y' }],
      budget: { maxFindings: 50, maxTokens: 400_000, maxWallMs: 120_000 },
      cachePath: '/tmp/d/ai-cache.json',
    });
  });

  it('refuses to start on a bad model list or a missing key, naming the variable', () => {
    expect(() => loadConfig({ AI_MODELS: 'gemini:pro' })).toThrow(/AI_MODELS: "gemini:pro": the provider must be one of openai, anthropic/);
    expect(() => loadConfig({ AI_MODELS: 'anthropic:claude-y' })).toThrow(/needs AI_ANTHROPIC_API_KEY/);
    expect(() => loadConfig({ AI_MODELS: 'openai:m', AI_OPENAI_BASE_URL: 'http://10.1.2.3:8000' })).toThrow(/https/);
    expect(() => loadConfig({ AI_MODELS: 'openai:m', AI_OPENAI_API_KEY: 'sk', AI_MAX_TIME: 'forever' })).toThrow(/AI_MAX_TIME must look like/);
  });
});
