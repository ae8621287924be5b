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
