// DueScan's secret rules. Each names the keywords that must occur in a file before its regex runs (the
// prefilter that keeps scans fast), the capture group holding the secret and the rotation advice.
import type { Severity } from '../../types';

export interface SecretRule {
  id: string;
  title: string;
  /** Literals; the regex runs only when one occurs in the file (case-insensitively when written in lower case). */
  keywords: string[];
  /** Global regex; the first capture group that matched holds the secret value. */
  pattern: RegExp;
  severity: Severity;
  /** Low-signal rules (generic assignments, JWTs, URLs) are ignored in test/example paths. */
  generic?: boolean;
  /** Values below this Shannon entropy are treated as words or placeholders. */
  minEntropy?: number;
  /** Only files whose path matches (e.g. .env files for unquoted assignments). */
  pathFilter?: RegExp;
  /** Extra check on the matched value. */
  validate?: (value: string) => boolean;
  rotation: string;
}

const ASSIGN = String.raw`["']?\s{0,5}(?:[:=]|:=|=>)\s{0,5}`;
const ENV_LIKE_FILE = /(^|\/)(\.env[\w.-]*|[\w.-]+\.(env|properties|ini|cfg|conf|toml))$/i;

function jwtLooksReal(token: string): boolean {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    return typeof header.alg === 'string';
  } catch {
    return false;
  }
}

/** Generic assignments: keep values that mix character classes and are not paths, URLs or dotted names. */
function looksLikeCredential(value: string): boolean {
  // Printable ASCII without backslashes: regex sources, escapes and translated messages are not credentials.
  if (!/^[\x21-\x5b\x5d-\x7e]+$/.test(value) || value.startsWith('?')) return false;
  if (/^(\/|\.\/|https?:|[a-z]+(\.[a-z]+)+$)/i.test(value)) return false;
  // Lower-case words joined by separators are identifiers and labels ('quoted-string', 'refresh_token'), not keys.
  if (/^[a-z]+(?:[-_.][a-z]+)*$/.test(value)) return false;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
  return classes >= 2;
}

/** Documentation-style passwords in URLs ("postgres://user:password@host"). */
const DOC_PASSWORD = /^(pass(word)?|passwd|pwd|pw|secret|changeme|mypassword|yourpassword|user|username|\*+|#+|x+)$/i;

export const SECRET_RULES: SecretRule[] = [
  {
    id: 'secrets/aws-access-key-id',
    title: 'AWS access key ID',
    keywords: ['AKIA', 'ASIA', 'ABIA', 'ACCA'],
    pattern: /\b((?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b/g,
    severity: 'high',
    rotation: 'Deactivate and delete the access key in AWS IAM, create a new one, and review CloudTrail for its use.',
  },
  {
    id: 'secrets/aws-secret-access-key',
    title: 'AWS secret access key',
    keywords: ['aws'],
    pattern: /aws.{0,25}?(?:secret|private).{0,25}?["'=:\s]+([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/gi,
    severity: 'critical',
    minEntropy: 4,
    rotation: 'Deactivate and delete the access key in AWS IAM, create a new one, and review CloudTrail for its use.',
  },
  {
    id: 'secrets/gcp-service-account-key',
    title: 'Google Cloud service account key',
    keywords: ['private_key_id'],
    pattern: /"private_key_id"\s*:\s*"([a-f0-9]{40})"/g,
    severity: 'critical',
    rotation: 'Delete the key in Google Cloud IAM (Service accounts > Keys), create a new one or use workload identity.',
  },
  {
    id: 'secrets/gcp-api-key',
    title: 'Google API key',
    keywords: ['AIza'],
    pattern: /\b(AIza[0-9A-Za-z_-]{35})(?![\w-])/g,
    severity: 'high',
    rotation: 'Regenerate the key in Google Cloud Console (APIs & Services > Credentials) and restrict it by API and referrer.',
  },
  {
    id: 'secrets/azure-storage-key',
    title: 'Azure storage account key',
    keywords: ['accountkey'],
    pattern: /AccountKey=([A-Za-z0-9+/]{86}==)/g,
    severity: 'critical',
    rotation: 'Rotate the storage account access key in the Azure portal and move the connection string to Key Vault.',
  },
  {
    id: 'secrets/github-token',
    title: 'GitHub token',
    keywords: ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_', 'github_pat_'],
    pattern: /\b((?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36}|github_pat_[A-Za-z0-9_]{82})\b/g,
    severity: 'critical',
    rotation: 'Revoke the token in GitHub (Settings > Developer settings), create a fine-grained token with minimal scope.',
  },
  {
    id: 'secrets/gitlab-token',
    title: 'GitLab personal access token',
    keywords: ['glpat-'],
    pattern: /\b(glpat-[A-Za-z0-9_-]{20,})/g,
    severity: 'critical',
    rotation: 'Revoke the token in GitLab (User settings > Access tokens) and issue a new one with minimal scope.',
  },
  {
    id: 'secrets/slack-token',
    title: 'Slack token',
    keywords: ['xoxb-', 'xoxa-', 'xoxp-', 'xoxr-', 'xoxs-'],
    pattern: /\b(xox[baprs]-[0-9A-Za-z-]{10,72})\b/g,
    severity: 'high',
    rotation: 'Revoke the token in the Slack app settings (OAuth & Permissions) and reinstall the app for a new one.',
  },
  {
    id: 'secrets/slack-webhook',
    title: 'Slack incoming webhook URL',
    keywords: ['hooks.slack.com'],
    pattern: /(https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]{20,})/g,
    severity: 'medium',
    rotation: 'Delete the webhook in the Slack app settings and create a new one.',
  },
  {
    id: 'secrets/stripe-live-key',
    title: 'Stripe live secret key',
    keywords: ['sk_live_', 'rk_live_'],
    pattern: /\b((?:sk|rk)_live_[A-Za-z0-9]{20,99})\b/g,
    severity: 'critical',
    rotation: 'Roll the key in the Stripe Dashboard (Developers > API keys) and review recent API requests.',
  },
  {
    id: 'secrets/twilio-api-key',
    title: 'Twilio API key or auth token',
    keywords: ['twilio'],
    pattern: /\b(SK[0-9a-f]{32})\b|twilio.{0,30}?(?:auth|token|secret).{0,20}?["'=:\s]+([0-9a-f]{32})\b/gi,
    severity: 'high',
    rotation: 'Delete the API key or rotate the auth token in the Twilio Console.',
  },
  {
    id: 'secrets/sendgrid-api-key',
    title: 'SendGrid API key',
    keywords: ['SG.'],
    pattern: /\b(SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})(?![\w-])/g,
    severity: 'high',
    rotation: 'Delete the key in SendGrid (Settings > API Keys) and create a new one with restricted access.',
  },
  {
    id: 'secrets/mailgun-api-key',
    title: 'Mailgun API key',
    keywords: ['key-'],
    pattern: /\b(key-[0-9a-f]{32})\b/g,
    severity: 'high',
    rotation: 'Reset the API key in the Mailgun control panel (API Security).',
  },
  {
    id: 'secrets/npm-token',
    title: 'npm access token',
    keywords: ['npm_', '_authtoken'],
    pattern: /\b(npm_[A-Za-z0-9]{36})\b|_authToken\s*=\s*([A-Za-z0-9-_]{20,})/g,
    severity: 'high',
    rotation: 'Revoke the token with `npm token revoke` (or on npmjs.com) and use a granular automation token.',
  },
  {
    id: 'secrets/openai-api-key',
    title: 'OpenAI API key',
    keywords: ['T3BlbkFJ', 'sk-proj-', 'sk-svcacct-'],
    pattern: /\b(sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}|sk-(?:proj|svcacct)-[A-Za-z0-9_-]{40,})/g,
    severity: 'high',
    rotation: 'Revoke the key on the OpenAI platform (API keys) and create a project-scoped one.',
  },
  {
    id: 'secrets/anthropic-api-key',
    title: 'Anthropic API key',
    keywords: ['sk-ant-'],
    pattern: /\b(sk-ant-(?:api|admin)\d{2}-[A-Za-z0-9_-]{80,})/g,
    severity: 'high',
    rotation: 'Delete the key in the Anthropic Console (API keys) and create a new one.',
  },
  {
    id: 'secrets/private-key',
    title: 'Private key',
    keywords: ['private key'],
    // The header alone is common in code that handles keys; require a base64 body right after it.
    pattern: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP )?PRIVATE KEY(?: BLOCK)?-----(?:\\[nr]|\s)+([A-Za-z0-9+/=]{40,})/g,
    severity: 'high',
    rotation: 'Treat the key pair as compromised: revoke it where it is trusted (servers, CAs, deploy keys) and issue a new one.',
  },
  {
    id: 'secrets/jwt',
    title: 'JSON Web Token',
    keywords: ['eyJ'],
    pattern: /\b(eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})/g,
    severity: 'medium',
    generic: true,
    validate: jwtLooksReal,
    rotation: 'Invalidate the token (rotate the signing key if it does not expire) and load tokens at runtime instead.',
  },
  {
    id: 'secrets/connection-string-password',
    title: 'Connection string with password',
    keywords: ['postgres://', 'postgresql://', 'mysql://', 'mariadb://', 'mongodb://', 'mongodb+srv://', 'redis://', 'rediss://', 'amqp://', 'amqps://'],
    pattern: /\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|rediss?|amqps?):\/\/[^\s:@/'"`]+:([^\s@/'"`]+)@[^\s'"`]+/gi,
    severity: 'high',
    generic: true,
    validate: (password) => !DOC_PASSWORD.test(password),
    rotation: 'Change the database user password, then read the connection string from the environment or a secret manager.',
  },
  {
    id: 'secrets/generic-secret-assignment',
    title: 'Hard-coded secret',
    keywords: ['password', 'passwd', 'pwd', 'secret', 'token', 'api_key', 'apikey', 'api-key', 'access_key', 'auth_key', 'private_key'],
    // Starts at the keyword (not at the start of the name) so the regex engine never backtracks over words.
    pattern: new RegExp(
      String.raw`(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|auth[_-]?key|private[_-]?key)[\w.-]{0,40}` +
        ASSIGN +
        String.raw`["'\x60]([^"'\x60\s]{8,200})["'\x60]`,
      'gi',
    ),
    severity: 'medium',
    generic: true,
    minEntropy: 3.5,
    validate: looksLikeCredential,
    rotation: 'Rotate the credential with whoever issued it, then load it from the environment or a secret manager.',
  },
  {
    id: 'secrets/env-file-secret',
    title: 'Secret in configuration file',
    keywords: ['password', 'passwd', 'secret', 'token', 'api_key', 'apikey', 'access_key', 'private_key'],
    pattern: /^\s*(?:export\s+)?[A-Za-z0-9_.-]*(?:PASSWORD|PASSWD|SECRET|TOKEN|API_?KEY|ACCESS_?KEY|PRIVATE_?KEY)[A-Za-z0-9_.-]*\s*[=:]\s*([^\s"'#]{8,200})\s*$/gim,
    severity: 'medium',
    generic: true,
    minEntropy: 3.5,
    validate: looksLikeCredential,
    pathFilter: ENV_LIKE_FILE,
    rotation: 'Rotate the credential, keep the file out of version control (.gitignore) and commit a .env.example instead.',
  },
];
