// @ts-nocheck
import mysql from 'mysql2';

// ruleid: js.secrets.hardcoded-credential
const jwtSecret = 'my-very-secret-signing-key';
// ok: js.secrets.hardcoded-credential
const apiKey = process.env.API_KEY;
// ok: js.secrets.hardcoded-credential
const passwordLabel = 'Password';
// ruleid: js.secrets.default-credential
const defaultAdminPassword = 'admin-Pa55-2024';
// ok: js.secrets.default-credential
const defaultPasswordHint = process.env.HINT;
// ok: js.secrets.hardcoded-credential
const tokenHeader = 'Authorization';
// the name of a Kubernetes Secret holding the keys, not a key
// ok: js.secrets.hardcoded-credential
const tunnel = { secret: 'cloudflare-secrets' };
// the selector of the form field that holds the secret, not the secret
// ok: js.secrets.hardcoded-credential
const s3Fields = { secretAccessKey: '#s3-secret-key' };
// ruleid: js.secrets.hardcoded-credential
const s3 = { secretAccessKey: 'q8Zr-2hV#s3kF9xLw0' };
// A model schema declares the type a field holds, not its value.
const UserSchema = {
  // ok: js.secrets.hardcoded-credential
  encryptedPassword: 'string',
  // ok: js.secrets.hardcoded-credential
  privateKey: { type: 'String', required: true },
};
// ruleid: js.secrets.hardcoded-credential
const seedUser = { encryptedPassword: 'str1ng-Pa55!' };
// A private property's key, marked with a zero-width space so it hides in console output, names itself.
// ok: js.secrets.hardcoded-credential
const _token = 'token\u200b';
// ruleid: js.secrets.hardcoded-credential
const _apiToken = 'tok\u200b9f3kQx72LmZ';
// A marker word in the value says it is a test or placeholder value, not a live credential.
// ok: js.secrets.hardcoded-credential
const apiToken = 'dsk_test_token_123';
// ok: js.secrets.hardcoded-credential
const DEV_JWT_SECRET = 'app-dev-only-secret-change-me-in-production-0123456789';
// ok: js.secrets.hardcoded-credential
const fakePassword = 'fake-Pa55w0rd!';
// A shortened value or a JWT's header alone is documentation (an OpenAPI example), not a token.
// ok: js.secrets.hardcoded-credential
export const exampleAuth = { token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9...' };
// ok: js.secrets.hardcoded-credential
export const exampleHeader = { token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9' };
// An API description's example shows what a client sends; a value saying it is not a real key is not one.
export const openapi = {
  requestBody: {
    content: {
      'application/json': {
        examples: {
          // ok: js.secrets.hardcoded-credential
          legacy: { summary: 'Legacy body API key', value: { apikey: 'legacy-api-key-7f3k', email: 'student@example.com' } },
        },
      },
    },
  },
};
// ok: js.secrets.hardcoded-credential
export const emulatorCredentials = { client_email: 'emulator@localhost', private_key: 'not-a-real-key' };
// A unit repeated to fill the length is filler, not a key.
// ok: js.secrets.hardcoded-credential
export const modHeaders = { 'x-api-key': '$2a$10$S.m6.v.m6.v.m6.v.m6.v.m6.v.m6.v.m6.v.m6.v.m6.v.m6.v.m6' };
// ruleid: js.secrets.hardcoded-credential
export const serviceAuth = { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzdmMtYmlsbGluZyJ9.q8Xv3Lr9Tn2Wm5Ky7Pb4Hd6Jf1Sg0Ca' };
// Counting digits are what sample configs write for a value.
// ok: js.secrets.hardcoded-credential
const rootPassword = '1234';
// ruleid: js.secrets.hardcoded-credential
const servicePassword = '1234-Kq9vT2';
// Markers count as whole words only: 'latest' is not 'test'.
// ruleid: js.secrets.hardcoded-credential
const latestApiKey = 'latest-9f8e7d6c5b4a';

export const pool = mysql.createPool({
  host: 'db',
  user: 'app',
  // ruleid: js.secrets.hardcoded-credential
  password: 'Tr0ub4dor&3',
});

export const pool2 = mysql.createPool({
  host: 'db',
  // ok: js.secrets.hardcoded-credential
  password: process.env.DB_PASSWORD,
});

export const settings = {
  // ok: js.secrets.hardcoded-credential
  token: '',
};

// A camelCase identifier under a credential key names the field a form or store reads ('accessKeyId' in a settings
// form's field list); a mixed-case literal with a digit is a value.
export const providerFields = [
  // ok: js.secrets.hardcoded-credential
  { name: 'AmazonSes', secretKey: 'accessKeyId', label: 'Access Key Id' },
  // ok: js.secrets.hardcoded-credential
  { name: 'Twilio', secretKey: 'authToken' },
  // ruleid: js.secrets.hardcoded-credential
  { name: 'Mailgun', secretKey: 'keyQ7zX93kLm2Vb' },
];

// A syntax highlighter's token style is a name, not a token; a generated token under the same key is one.
export const highlight = [
  // ok: js.secrets.hardcoded-credential
  { regex: /\$\{\w+\}/, token: 'variable-2' },
  // ruleid: js.secrets.hardcoded-credential
  { url: 'https://api.example.org', token: 'q7Zx93kLm2Vb8Rt4' },
];

// ruleid: generic.secrets.connection-string-credentials
export const mongoUrl = 'mongodb://admin:R3alPassw0rd@mongo:27017/app';
// ok: generic.secrets.connection-string-credentials
export const mongoUrl2 = `mongodb://admin:${process.env.MONGO_PASSWORD}@mongo:27017/app`;
// the developer's local database (the secrets analyzer reports it at medium, as every URL to a local host)
// ok: generic.secrets.connection-string-credentials
export const devUrl = 'postgres://app:amukds4wi90015@localhost:5432/app';

// inputs of a URL parser's test table, not configuration
export const URL_CASES = [
  ['http://example.com/a', ['http://example.com/a']],
  ['https://a.b/c?d', ['https://a.b/c?d']],
  // ok: generic.secrets.connection-string-credentials
  ['http://us:pa55word@ex.co:42/x', ['http://us:pa55word@ex.co:42/x']],
];
// ruleid: generic.secrets.connection-string-credentials
export const replicas = ['postgres://app:Zx81Tq9Lm@db-1:5432/app'];
// The pair a bundled database container starts with (the password repeats the user name): a default, not a secret.
// ok: generic.secrets.connection-string-credentials
export const fallbackUrl = process.env.DATABASE_URL || 'postgresql://postgres:postgres@op-db:5432/postgres?schema=public';

export function init(cfg) {
  // ruleid: js.secrets.hardcoded-credential
  cfg.clientSecret = 'f3a9c1d2e4b5a6c7';
  return jwtSecret;
}

export const messages = {
  // ok: js.secrets.hardcoded-credential
  password: 'label.password',
  // ok: js.secrets.hardcoded-credential
  changePassword: 'label.change-password',
  // ruleid: js.secrets.hardcoded-credential
  adminPassword: 'Pa55w0rd!x',
};

// ok: js.secrets.hardcoded-credential
export const INFRA_TOKEN_INVALID_TOKEN = 'infra_token/invalid_token';

// Values the code refuses (it treats them as "not set" and generates a secret instead): a deny-list, not credentials.
export const WEAK_DEFAULTS = {
  // ok: js.secrets.hardcoded-credential
  JWT_SECRET: 'flowise-9f8e7d6c5b4a',
};
export const LIVE_DEFAULTS = {
  // ruleid: js.secrets.hardcoded-credential
  JWT_SECRET: 'flowise-9f8e7d6c5b4a',
};
// A filler used as the live value is still a hard-coded (and weak) secret: anyone can sign with it.
// ruleid: js.secrets.hardcoded-credential
const refreshSecret = 'AABBCCDDAABBCCDDAABBCCDDAABBCCDD';
// A keyless local server's client still wants some key: the value says it is not used.
// ok: js.secrets.hardcoded-credential
export const koboldClient = { apiKey: 'not-used' };
// Event names and route templates under credential-like keys name things.
export const events = {
  // ok: js.secrets.hardcoded-credential
  userPassword: 'onSendingResetPassword',
  // ok: js.secrets.hardcoded-credential
  resetPasswordToken: 'auth/reset_password/:token',
  // ruleid: js.secrets.hardcoded-credential
  serviceToken: 'tK9vQ2xLm7Rp4WzA',
};
// A policy map from actions to the policies that guard them: the key names an action on a password.
export const policies = {
  // ok: js.secrets.hardcoded-credential
  'users/update-password': 'is-authenticated',
  // ruleid: js.secrets.hardcoded-credential
  'smtp/admin_password': 'Pr0d-Adm1n-2024!',
};
// Messages about a field, a masked value in a sample response, an emoji map and a placeholder saying it is inactive.
export function validate(values: { password?: string }) {
  const errors: Record<string, string> = {};
  // ok: js.secrets.hardcoded-credential
  if (!values.password) errors.password = 'Required';
  return errors;
}
export const sample = {
  // ok: js.secrets.hardcoded-credential
  password: '••••••••',
  // ok: js.secrets.hardcoded-credential
  secret: '\u3299\ufe0f',
};
// ok: js.secrets.hardcoded-credential
export const recaptchaSecretKey = 'not-active';
// A typed session secret with one accented letter among many ASCII ones is still one.
// ruleid: js.secrets.hardcoded-credential
export const sessionOptions = { secret: 'ñasddfilhpaf78h78032h780g780' };
// ruleid: js.secrets.hardcoded-credential
export const sessionSecret = 'Qz7vK2mP9xLw4RtB';
// A mail account whose password repeats its user name: a default pair to replace, reported as a default credential.
export const mail = {
  username: 'sendgrid-user',
  // ok: js.secrets.hardcoded-credential
  // ruleid: js.secrets.default-credential
  password: 'sendgrid-pass',
};
export const smtp = {
  username: 'mailer',
  // ruleid: js.secrets.hardcoded-credential
  password: 'Vq8-mZt3-Lp0x',
};
// Default pairs the code only searches, to warn when the configured users still use one: no login uses them.
export function warnDefaultUsers(users: { username: string; password: string }[]): boolean {
  const defaultCreds = [
    // ok: js.secrets.default-credential
    { username: 'admin', password: 'admin' },
    // ok: js.secrets.default-credential
    { username: 'guest', password: 'guest' },
  ];
  return users.some((u) => defaultCreds.some((d) => u.username === d.username && u.password === d.password));
}
// The same list handed to the login code is a set of working default accounts.
export function seedUsers(store: { add(u: unknown): void }): void {
  const defaultCreds = [
    // ruleid: js.secrets.default-credential
    { username: 'admin', password: 'admin' },
  ];
  defaultCreds.forEach((c) => store.add(c));
}
// A map from fields to their column types: the value is shared with fields that hold no credential.
const paramTypes = {
  email: 'FixedString(36)',
  // ok: js.secrets.hardcoded-credential
  password: 'FixedString(36)',
  nickname: 'Nullable(String)',
};
// A credential beside other settings with different values is still one.
const mailSettings = {
  host: 'smtp.example.org',
  // ruleid: js.secrets.hardcoded-credential
  password: 'Zq81-vLm4-Tt09',
};
// A sentinel shown instead of an encrypted value, wrapped in underscores, names itself.
// ok: js.secrets.hardcoded-credential
export const SOME_PASSWORD = '__SOME_PASSWORD__';
// A key made to be published in client code (an analytics project key, a Stripe publishable key) is public.
// ok: js.secrets.hardcoded-credential
export const POSTHOG_API_KEY = 'phc_q4Rm8ZtVx2LpN7cYw1BsKd9Ef3HgJa6Uo0Ti5Ml';
// ok: js.secrets.hardcoded-credential
export const STRIPE_KEY = 'pk_live_51HqLmZt8Vx2LpN7cYw1BsKd9Ef3HgJa6Uo0Ti5Ml';
// ... and a secret key beside it is not.
// ruleid: js.secrets.hardcoded-credential
export const STRIPE_SECRET_KEY = 'rk_live_51HqLmZt8Vx2LpN7cYw1BsKd9Ef3HgJa6Uo0Ti5Ml';
