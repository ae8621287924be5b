import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const SECRET = 'a-production-secret-that-is-long-enough-0123456789';

describe('commerce configuration', () => {
  it('uses the test provider and the 48 h feedback delay by default', () => {
    const config = loadConfig({});
    expect(config.commerce.stripe).toBeNull();
    expect(config.commerce.betaFeedbackDelayMs).toBe(48 * 3_600_000);
    expect(config.commerce.supportEmail).toBe('support@duescan.dev');
  });

  it('points the Stripe SDK at STRIPE_API_URL', () => {
    const config = loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(config.commerce.stripe).toMatchObject({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', api: { host: '127.0.0.1', port: 12111, protocol: 'http' } });
  });

  it('names malformed keys', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'pk_test_wrong' })).toThrow(/STRIPE_SECRET_KEY must start with sk_test_/);
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: 'nope' })).toThrow(/STRIPE_WEBHOOK_SECRET must start with whsec_/);
    expect(() => loadConfig({ SUPPORT_EMAIL: 'nobody' })).toThrow(/SUPPORT_EMAIL must be an e-mail address/);
  });

  it('refuses Stripe without its webhook secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: SECRET, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).not.toThrow();
  });
});
