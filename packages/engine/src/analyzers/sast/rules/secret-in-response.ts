// A server-side secret put into what the client receives: a signing secret, a password or a private key held in a
// configuration constant or an environment variable, sent as a value of the response body (CWE-200). Whoever calls
// the endpoint can then forge tokens or reach the services the secret protects. Public keys and publishable keys are
// meant for clients and are not matched.
import type { SgNode } from '@ast-grep/napi';
import { OWASP, cweRef, defineRules, owaspRef } from './meta';
import { jsSentToClient, pySentToClient } from './stack-trace-exposure';

/** `JWT_SECRET`, `SESSION_SECRET`, `DB_PASSWORD`, `SIGNING_PRIVATE_KEY`: a configuration constant that holds a secret. */
const SECRET_CONSTANT = /^[A-Z][A-Z0-9_]*(SECRET|PASSWORD|PASSWD|PRIVATE_KEY)[A-Z0-9_]*$/;
/** `process.env.SESSION_SECRET`, `process.env.DATABASE_URL` (its credentials), or the whole `process.env`. */
const SECRET_ENV = /^process\.env(\.([A-Z0-9_]*(SECRET|PASSWORD|PASSWD|PRIVATE_KEY)[A-Z0-9_]*|DATABASE_URL|MONGO(DB)?_URI|REDIS_URL))?$/;
const PUBLIC_NAME = /PUBLIC|PUBLISHABLE/;

/** `res.json(process.env)`: the whole environment as the body. */
function environmentSent(member: SgNode): boolean {
  return member.text() === 'process.env' && (member.parent()?.kind() as string) === 'arguments' && jsSentToClient(member);
}

function secretValue(pair: SgNode): boolean {
  const value = pair.field('value');
  if (!value) return false;
  const text = value.text().replace(/!$/, '');
  const named = (value.kind() as string) === 'identifier' ? SECRET_CONSTANT.test(text) : (value.kind() as string) === 'member_expression' && SECRET_ENV.test(text);
  return named && !PUBLIC_NAME.test(text) && jsSentToClient(pair);
}

/** Python names of the same secrets: `SECRET_KEY`, `settings.DB_PASSWORD`, `app.secret_key`, `app.config['JWT_SECRET']`. */
const PY_SECRET_NAME = /^[A-Za-z][A-Za-z0-9_]*(SECRET|PASSWORD|PASSWD|PRIVATE_KEY)[A-Za-z0-9_]*$|^secret_key$|^(DATABASE_URL|SQLALCHEMY_DATABASE_URI|MONGO(DB)?_URI|REDIS_URL)$/i;
const PY_CONFIG_OBJECT = /^(\w+\.)*(app|current_app|settings|config|conf|cfg|Config|Settings|CONFIG)$/;
const PY_ENV_READ = /^(os\.environ\.get|os\.getenv|environ\.get|getenv)$/;
/** The process environment (`os.environ`): a bare `environ` is as often a WSGI request's environ dict. */
const PY_WHOLE_ENV = /^os\.environ(\.copy\(\))?$|^dict\(\s*os\.environ\s*\)$/;

/** The secret a Python expression reads, if it reads one (`os.environ` whole counts: it holds them all). */
function pySecretRead(value: SgNode | null | undefined): boolean {
  if (!value) return false;
  const text = value.text();
  if (PUBLIC_NAME.test(text.toUpperCase())) return false;
  if (PY_WHOLE_ENV.test(text)) return true;
  const k = value.kind() as string;
  if (k === 'identifier') return SECRET_CONSTANT.test(text);
  // (on a configuration object only: `user.hashed_password` or an OAuth client's `client_secret` shown to its owner is data)
  if (k === 'attribute') return PY_CONFIG_OBJECT.test(value.field('object')?.text() ?? '') && PY_SECRET_NAME.test(value.field('attribute')?.text() ?? '');
  const key = (n: SgNode | null | undefined) => (n && (n.kind() as string) === 'string' ? n.text().replace(/^[rbuf]*['"]+|['"]+$/gi, '') : '');
  if (k === 'subscript') return /(^|\.)(environ|config|settings)$/.test(value.field('value')?.text() ?? '') && PY_SECRET_NAME.test(key(value.field('subscript')));
  if (k === 'call' && PY_ENV_READ.test(value.field('function')?.text() ?? '')) return PY_SECRET_NAME.test(key(value.field('arguments')?.child(1)));
  return false;
}

/** `{'secret_key': app.secret_key}`, `jsonify(environment=dict(os.environ))`, `jsonify(os.environ.copy())`. */
function pySecretSent(node: SgNode): boolean {
  const k = node.kind() as string;
  const value = k === 'argument_list' ? undefined : node.field('value');
  if (k === 'argument_list') return node.children().some((a) => PY_WHOLE_ENV.test(a.text()) && pySentToClient(a));
  return pySecretRead(value) && pySentToClient(node);
}

/** What the JS and Python rules share: one weakness, one severity. */
const SHARED = {
  title: 'Secret sent to the client',
  pack: 'logging-privacy' as const,
  severity: 'medium' as const,
  confidence: 'high' as const,
  cwe: ['CWE-200'],
  owasp: [OWASP.A01],
  references: [cweRef(200, 'Exposure of Sensitive Information to an Unauthorized Actor'), owaspRef('A01')],
};

export const secretInResponseRules = defineRules([
  {
    ...SHARED,
    id: 'js.logging.secret-in-response',
    languages: ['javascript', 'typescript'],
    message: 'A secret held in configuration (a signing secret, a password, a private key, a database URL, the whole environment) is a value of the response body.',
    impact: 'Anyone who calls the endpoint learns the secret: with a signing secret they forge sessions or tokens for any user; with a password or database URL they reach the service it protects.',
    fix: { guidance: 'Never send secrets to clients; return only what the client needs (an expiry, an algorithm name), and rotate a secret that was exposed.', example: "res.json({ token, expiresIn: JWT_EXPIRES_IN });" },
    tree: {
      js: [
        { keywords: ['SECRET', 'PASSWORD', 'PASSWD', 'PRIVATE_KEY', 'DATABASE_URL', '_URI', 'REDIS_URL', 'process.env'], rule: { kind: 'pair' }, where: secretValue },
        { keywords: ['process.env'], rule: { kind: 'member_expression' }, where: environmentSent },
      ],
    },
  },
  {
    ...SHARED,
    id: 'py.logging.secret-in-response',
    languages: ['python'],
    message: 'A secret held in configuration (the secret key, a password, a database URL, the whole environment) is a value of the response body.',
    impact: 'Anyone who calls the endpoint learns the secret: with the secret key they forge sessions, signed cookies or tokens; with a password or database URL they reach the service it protects.',
    fix: { guidance: 'Never send secrets to clients; return only what the client needs, and rotate a secret that was exposed.', example: "return jsonify(version=APP_VERSION, debug=app.debug)" },
    tree: {
      python: [
        { keywords: ['SECRET', 'secret', 'PASSWORD', 'PASSWD', 'PRIVATE_KEY', 'DATABASE_URL', '_URI', 'REDIS_URL', 'environ'], rule: { kind: 'pair' }, where: pySecretSent },
        { keywords: ['SECRET', 'secret', 'PASSWORD', 'PASSWD', 'PRIVATE_KEY', 'DATABASE_URL', '_URI', 'REDIS_URL', 'environ'], rule: { kind: 'keyword_argument' }, where: pySecretSent },
        { keywords: ['environ'], rule: { kind: 'argument_list' }, where: pySecretSent },
      ],
    },
  },
]);
