// Fixed explanatory text. Everything else in a report is computed from the Report object.
import type { LicenseEntry, Severity } from '@duescan/engine';

export const CONFIDENTIALITY = 'Confidential: prepared for the project owner and its prospective investors. Do not distribute.';

export const SEVERITY_MEANING: Record<Severity, string> = {
  critical: 'Directly exploitable with serious impact (data theft, account takeover, remote code execution). Fix before any release or funding round.',
  high: 'Exploitable under common conditions or with serious impact once exploited. Fix before the round or make it a condition.',
  medium: 'Needs specific conditions to exploit or has limited impact. Fix within 30 days.',
  low: 'Defence-in-depth weakness or hygiene issue. Fix within 90 days.',
  info: 'Observation that helps judge the codebase; no fix required.',
};

export const CONFIDENCE_MEANING = {
  high: 'The pattern is unambiguous or the data flow from input to sink was traced.',
  medium: 'The pattern is risky but part of the context could not be confirmed statically.',
  low: 'A heuristic match; review before acting on it.',
};

export const SCOPE_NOTE =
  'DueScan reads the source code, manifests, lockfiles and configuration of the repository. It does not run ' +
  'the application, call its endpoints or access its infrastructure.';

export const LIMITATIONS: string[] = [
  'Static analysis only: no dynamic testing, penetration testing or review of the running infrastructure was performed.',
  'Business-logic flaws (for example a wrong fee calculation) are only found where they match a known insecure pattern.',
  'Configuration that lives outside the repository (cloud consoles, secrets managers, environment variables) was not seen.',
  'Automated findings can include false positives; the confidence level of each finding says how certain the match is.',
  'Dependency results are only as current as the advisory database named in this section; advisories published later are not covered.',
  'CVSS figures are base scores (CVSS v4.0 where the advisory publishes a v4 vector, otherwise v3.x): they do not reflect whether or how this project calls the vulnerable code.',
];

export const AI_STATEMENT =
  'No AI model was used to produce or validate the findings in this report: every finding comes from the ' +
  'deterministic analyzers listed above and can be reproduced by running the same version on the same commit.';

export const ANALYZER_LABEL: Record<string, string> = {
  sast: 'Static application security testing (own code)',
  secrets: 'Secret detection',
  deps: 'Dependency vulnerabilities (software composition analysis)',
  licenses: 'License compliance',
  quality: 'Code quality metrics',
  history: 'Git history and team',
  config: 'Deployment and framework configuration',
};

export const LICENSE_RISK_NOTE: Record<LicenseEntry['risk'], string> = {
  none: 'Permissive: attribution only.',
  'weak-copyleft': 'Weak copyleft: changes to the library itself must be published; linking is usually fine.',
  'strong-copyleft': 'Strong copyleft: distributing software that includes it can require releasing your own source code.',
  'network-copyleft': 'Network copyleft: offering it as a service can require releasing your own source code.',
  'non-commercial': 'Non-commercial: commercial use is not allowed without a separate license.',
  unknown: 'No license found: by default, no right to use is granted. Ask the author or replace it.',
};

/** Rotation advice by secret type keyword; the first match wins, the last entry is the default. */
const ROTATION: [RegExp, string][] = [
  [/stripe/i, 'Roll the key in the Stripe dashboard (Developers > API keys), update the deployment, then review recent API activity.'],
  [/aws|amazon/i, 'Deactivate the access key in AWS IAM, create a new one for the service, and review CloudTrail for use of the old key.'],
  [/github/i, 'Revoke the token in GitHub settings and issue a fine-grained token with the least scope needed.'],
  [/slack/i, 'Regenerate the webhook or token in the Slack app settings; the old URL keeps working until it is revoked.'],
  [/sendgrid|mailgun|twilio/i, 'Revoke the key in the provider console, issue a new one and check the sending logs for abuse.'],
  [/google|gcp|firebase/i, 'Delete the key in Google Cloud Credentials and create a restricted one (API and referrer restrictions).'],
  [/private key|rsa|ssh|pem/i, 'Treat the key pair as compromised: generate a new pair and replace it everywhere the public key is trusted.'],
  [/jwt|session|django|secret key/i, 'Generate a new random signing secret and store it outside the code; all existing sessions become invalid.'],
  [/password|database|postgres|mysql|connection/i, 'Change the password on the server, move it to a secrets manager or environment variable, and check access logs.'],
  [/.*/, 'Revoke and reissue the credential, move it to a secrets manager or environment variable, and remove it from git history.'],
];

export function rotationAdvice(secretType: string): string {
  return ROTATION.find(([re]) => re.test(secretType))![1];
}
