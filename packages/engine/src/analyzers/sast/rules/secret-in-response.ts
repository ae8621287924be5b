// A server-side secret put into what the client receives: a signing secret, a password or a private key held in a
// configuration constant or an environment variable, sent as a value of the response body (CWE-200). Whoever calls
// the endpoint can then forge tokens or reach the services the secret protects. Public keys and publishable keys are
// meant for clients and are not matched.
import type { SgNode } from '@ast-grep/napi';
import { OWASP, cweRef, defineRules, owaspRef } from './meta';
import { jsSentToClient } from './stack-trace-exposure';

/** `JWT_SECRET`, `SESSION_SECRET`, `DB_PASSWORD`, `SIGNING_PRIVATE_KEY`: a configuration constant that holds a secret. */
const SECRET_CONSTANT = /^[A-Z][A-Z0-9_]*(SECRET|PASSWORD|PASSWD|PRIVATE_KEY)[A-Z0-9_]*$/;
/** `process.env.SESSION_SECRET`, `process.env.DATABASE_URL` (its credentials). */
const SECRET_ENV = /^process\.env\.([A-Z0-9_]*(SECRET|PASSWORD|PASSWD|PRIVATE_KEY)[A-Z0-9_]*|DATABASE_URL|MONGO(DB)?_URI|REDIS_URL)$/;
const PUBLIC_NAME = /PUBLIC|PUBLISHABLE/;

function secretValue(pair: SgNode): boolean {
  const value = pair.field('value');
  if (!value) return false;
  const text = value.text().replace(/!$/, '');
  const named = (value.kind() as string) === 'identifier' ? SECRET_CONSTANT.test(text) : (value.kind() as string) === 'member_expression' && SECRET_ENV.test(text);
  return named && !PUBLIC_NAME.test(text) && jsSentToClient(pair);
}

export const secretInResponseRules = defineRules([
  {
    id: 'js.logging.secret-in-response',
    title: 'Secret sent to the client',
    pack: 'logging-privacy',
    languages: ['javascript', 'typescript'],
    severity: 'medium',
    confidence: 'high',
    cwe: ['CWE-200'],
    owasp: [OWASP.A01],
    message: 'A secret held in configuration (a signing secret, a password, a private key, a database URL) is a value of the response body.',
    impact: 'Anyone who calls the endpoint learns the secret: with a signing secret they forge sessions or tokens for any user; with a password or database URL they reach the service it protects.',
    fix: { guidance: 'Never send secrets to clients; return only what the client needs (an expiry, an algorithm name), and rotate a secret that was exposed.', example: "res.json({ token, expiresIn: JWT_EXPIRES_IN });" },
    references: [cweRef(200, 'Exposure of Sensitive Information to an Unauthorized Actor'), owaspRef('A01')],
    tree: { js: [{ keywords: ['SECRET', 'PASSWORD', 'PASSWD', 'PRIVATE_KEY', 'DATABASE_URL', '_URI', 'REDIS_URL'], rule: { kind: 'pair' }, where: secretValue }] },
  },
]);
