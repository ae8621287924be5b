// DueScan's secret rules. Each names the keywords that must occur in a file before its regex runs (the
// prefilter that keeps scans fast), the capture group holding the secret and the rotation advice.
import type { Severity } from '../../types';
import { KEYWORD_RULES } from './keyword-rules';

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
  /** Extra check on the matched value (key: the name it is assigned to, when the rule captures one). */
  validate?: (value: string, where: MatchContext) => boolean;
  /** Caps the severity for what the value or its line shows: a weak word, a default the environment overrides. */
  grade?: (value: string, where: MatchContext) => Grade | null;
  rotation: string;
}

export interface MatchContext {
  /** The identifier or setting name the value is assigned to ('' when the rule has none). */
  key: string;
  lineText: string;
  path: string;
  /** The pattern's named groups (e.g. the host of a URL). */
  groups: Record<string, string | undefined>;
  /** The text around the value (a few hundred characters each side): the object literal or block it sits in. */
  around?: string;
}

/** Two or more of the fields Firebase's console puts beside apiKey in a web app's configuration. */
function firebaseConfig(around: string): boolean {
  const fields = around.match(/\b(authDomain|projectId|storageBucket|messagingSenderId|appId|measurementId|databaseURL)\b/g) ?? [];
  return new Set(fields).size >= 2;
}

export interface Grade {
  severity: Severity;
  /** One sentence for the finding's message saying why the severity is capped. */
  note: string;
}

/** Provider-specific formats: a prefix or shape that only that provider issues. They run on every file, bundles too. */
export const PROVIDER_RULES: SecretRule[] = [
  {
    id: 'secrets/aws-access-key-id',
    title: 'AWS access key ID',
    keywords: ['AKIA', 'ASIA', 'ABIA', 'ACCA'],
    pattern: /\b((?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b/g,
    severity: 'high',
    // the key ID inside a pre-signed URL or a SigV4 Authorization header (`X-Amz-Credential=AKIA…%2F20241220%2F…`,
    // `Credential=AKIA…/20241220/…`) is the public half every signed request carries: the signature beside it is
    // short-lived and the secret key is not there
    validate: (value, where) => !new RegExp(`(X-Amz-)?Credential=${value}(%2F|/)\\d{8}`, 'i').test(where.lineText),
    rotation: 'Deactivate and delete the access key in AWS IAM, create a new one, and review CloudTrail for its use.',
  },
  {
    id: 'secrets/aws-secret-access-key',
    title: 'AWS secret access key',
    keywords: ['aws'],
    pattern: /aws.{0,25}?(?:secret|private).{0,25}?["'=:\s]+([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])/gi,
    severity: 'critical',
    minEntropy: 4,
    // a generated key is random base64: it all but always holds a digit, '/' or '+' (a 40-letter identifier such as
    // `CreateNewAwsSecretsSyncMutationVariables` in generated GraphQL types holds none)
    validate: (value) => /[0-9/+]/.test(value),
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
    // Google API keys identify a project to Google and are shipped in browser and mobile clients by design (Maps,
    // Firebase, YouTube's own web client); the risk is quota and billing abuse of an unrestricted key, not access
    // to data: medium.
    severity: 'medium',
    // ... and in a Firebase web configuration (beside authDomain, projectId, messagingSenderId, appId) it is the public
    // project identifier every browser of the app receives; Firebase's security rules, not the key, guard the data
    grade: (_value, where) => (firebaseConfig(where.around ?? '') ? { severity: 'low', note: "A Firebase web configuration's API key: a public identifier of the project that every browser of the app receives (Firebase documents it as not secret)." } : null),
    rotation: 'Regenerate the key in Google Cloud Console (APIs & Services > Credentials) and restrict it by API and referrer.',
  },
  {
    id: 'secrets/azure-storage-key',
    title: 'Azure storage account key',
    keywords: ['accountkey'],
    pattern: /AccountKey=([A-Za-z0-9+/]{86}==)/g,
    severity: 'critical',
    // the storage emulator's (Azurite) fixed development account, whose key Microsoft publishes for local use
    validate: (_key, where) => !/AccountName=devstoreaccount1\b/i.test(where.lineText),
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
    // The header alone is common in code that handles keys; require a base64 body right after it. The value
    // starts at the header, so the finding points at the BEGIN line.
    pattern: /(-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP )?PRIVATE KEY(?: BLOCK)?-----(?:\\[nr]|\s)+[A-Za-z0-9+/=]{40,})/g,
    severity: 'high',
    // An encrypted OpenSSH key names its cipher in the body ("none" when unencrypted); it is useless without its
    // passphrase, which the keyword rules report if it sits beside it. PEM-encrypted keys carry a Proc-Type
    // header and never match the body-right-after-the-header pattern.
    validate: (value) => !/OPENSSH/.test(value) || /b3BlbnNzaC1rZXktdjEAAAAABG5vbmU/.test(value),
    rotation: 'Treat the key pair as compromised: revoke it where it is trusted (servers, CAs, deploy keys) and issue a new one.',
  },
  {
    id: 'secrets/stripe-test-key',
    title: 'Stripe test-mode secret key',
    keywords: ['sk_test_', 'rk_test_'],
    pattern: /\b((?:sk|rk)_test_[A-Za-z0-9]{20,99})\b/g,
    // Test-mode keys move no money but read and write the account's test data and settings.
    severity: 'low',
    rotation: 'Roll the test key in the Stripe Dashboard (Developers > API keys, test mode).',
  },
  {
    id: 'secrets/pypi-token',
    title: 'PyPI upload token',
    keywords: ['pypi-'],
    pattern: /\b(pypi-AgE[A-Za-z0-9_-]{50,})/g,
    severity: 'critical',
    rotation: 'Remove the token on pypi.org (Account settings > API tokens) and use trusted publishing instead.',
  },
  {
    id: 'secrets/gitlab-other-token',
    title: 'GitLab deploy, trigger or runner token',
    keywords: ['glptt-', 'gldt-', 'glrt-', 'GR1348941'],
    pattern: /\b((?:glptt|gldt|glrt)-[A-Za-z0-9_-]{20,}|GR1348941[A-Za-z0-9_-]{20,})/g,
    severity: 'high',
    rotation: 'Revoke the token in the GitLab project settings (CI/CD or Repository > Deploy tokens) and create a new one.',
  },
  {
    id: 'secrets/slack-app-token',
    title: 'Slack app-level token',
    keywords: ['xapp-'],
    pattern: /\b(xapp-\d-[A-Z0-9]+-\d+-[a-f0-9]{32,})\b/g,
    severity: 'high',
    rotation: 'Revoke the app-level token in the Slack app settings (Basic Information) and generate a new one.',
  },
  {
    id: 'secrets/google-oauth-client-secret',
    title: 'Google OAuth client secret',
    keywords: ['GOCSPX-'],
    pattern: /\b(GOCSPX-[A-Za-z0-9_-]{28})(?![\w-])/g,
    severity: 'high',
    rotation: 'Reset the client secret in Google Cloud Console (APIs & Services > Credentials).',
  },
  {
    id: 'secrets/digitalocean-token',
    title: 'DigitalOcean token',
    keywords: ['dop_v1_', 'doo_v1_', 'dor_v1_'],
    pattern: /\b((?:dop|doo|dor)_v1_[a-f0-9]{64})\b/g,
    severity: 'high',
    rotation: 'Revoke the token in the DigitalOcean control panel (API > Tokens).',
  },
];

export const SECRET_RULES: SecretRule[] = [...PROVIDER_RULES, ...KEYWORD_RULES];
