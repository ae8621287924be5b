// Framework settings files: Django settings modules, committed .env / .flaskenv files, Spring Boot
// application.properties / application.yml. Files meant for local development (dev, local, test profiles,
// examples) are skipped: debug there is intended.
import { load } from 'js-yaml';
import type { Hit } from './finding';
import type { ConfigRule } from './rules';
import { RULES } from './rules';

const DEV_ONLY = /(?:^|[/._-])(?:dev|develop|development|local|test|tests|testing|example|sample|template|dist|ci)(?:[/._-]|$)/i;
export const DJANGO_SETTINGS = /(?:^|\/)(?:settings|[\w-]*_settings)(?:\/[\w-]+)?\.py$|(?:^|\/)settings\/[\w-]+\.py$/;
export const ENV_FILE = /(?:^|\/)\.(?:env|flaskenv)(?:\.[\w-]+)?$/;
export const SPRING_CONFIG = /(?:^|\/)(?:application|bootstrap)(?:-[\w-]+)?\.(?:properties|ya?ml)$/;

export function isDevOnly(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return DEV_ONLY.test(name) || /(?:^|\/)(?:src\/test|tests?|examples?)\//.test(path);
}

function lineHits(file: string, text: string, checks: [RegExp, ConfigRule, string][]): Hit[] {
  const hits: Hit[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    for (const [pattern, rule, key] of checks) {
      if (pattern.test(line)) hits.push({ rule, file, line: i + 1, key, snippet: line });
    }
  });
  return hits;
}

export function checkDjangoSettings(file: string, text: string): Hit[] {
  // Any origin may call the API, but without CORS_ALLOW_CREDENTIALS the browser sends no cookies and shows no
  // cookie-authenticated response to another site: a public or token API, not a finding.
  const credentials = /^CORS_ALLOW_CREDENTIALS\s*=\s*True\b/m.test(text);
  return lineHits(file, text, [
    [/^ALLOWED_HOSTS\s*=\s*[[(][^\])]*['"]\*['"]/, RULES.djangoAllowedHosts, 'ALLOWED_HOSTS'],
    ...(credentials ? [[/^CORS_(?:ALLOW_ALL_ORIGINS|ORIGIN_ALLOW_ALL)\s*=\s*True\b/, RULES.djangoCorsAll, 'CORS_ALLOW_ALL_ORIGINS'] as [RegExp, ConfigRule, string]] : []),
  ]);
}

export function checkEnvFile(file: string, text: string): Hit[] {
  const on = `\\s*=\\s*["']?(?:1|true|yes|on)["']?\\s*(?:#.*)?$`;
  return lineHits(file, text, [
    [new RegExp(`^\\s*(?:export\\s+)?(?:FLASK_DEBUG|DJANGO_DEBUG|DEBUG|APP_DEBUG)${on}`, 'i'), RULES.envDebug, 'debug'],
    [/^\s*(?:export\s+)?(?:FLASK_ENV|NODE_ENV|APP_ENV|RAILS_ENV)\s*=\s*["']?development["']?\s*(?:#.*)?$/i, RULES.envDebug, 'development-env'],
  ]);
}

/** Spring relaxed binding: `include-stacktrace`, `includeStacktrace` and `include_stacktrace` are one key. */
const canon = (key: string) => key.toLowerCase().replace(/[-_]/g, '');

function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (Array.isArray(value)) {
    out.set(canon(prefix), value.map(String).join(','));
  } else if (value !== null && value !== undefined) {
    out.set(canon(prefix), String(value));
  }
}

function springProperties(file: string, text: string): Map<string, string> {
  const out = new Map<string, string>();
  if (/\.ya?ml$/.test(file)) {
    // Multi-document YAML (profiles): every document counts, the profile filter happened on the file name.
    for (const part of text.split(/^---\s*$/m)) flatten(load(part, { json: true }), '', out);
    return out;
  }
  for (const line of text.split(/\r?\n/)) {
    const m = line.match(/^\s*([\w.[\]-]+)\s*[=:]\s*(.*?)\s*$/);
    if (m && !line.trim().startsWith('#') && !line.trim().startsWith('!')) out.set(canon(m[1]!), m[2]!);
  }
  return out;
}

const SPRING_CHECKS: { key: string; bad: (v: string) => boolean; rule: ConfigRule }[] = [
  { key: 'debug', bad: (v) => v === 'true', rule: RULES.springDebug },
  { key: 'trace', bad: (v) => v === 'true', rule: RULES.springDebug },
  { key: 'server.error.include-stacktrace', bad: (v) => v === 'always', rule: RULES.springDebug },
  { key: 'management.endpoints.web.exposure.include', bad: (v) => v.split(',').some((p) => p.trim().replace(/["']/g, '') === '*'), rule: RULES.springActuator },
  { key: 'spring.h2.console.enabled', bad: (v) => v === 'true', rule: RULES.springH2Console },
  { key: 'server.servlet.session.cookie.secure', bad: (v) => v === 'false', rule: RULES.springCookie },
  { key: 'server.servlet.session.cookie.http-only', bad: (v) => v === 'false', rule: RULES.springCookie },
];

export function checkSpringConfig(file: string, text: string): Hit[] {
  const props = springProperties(file, text);
  const lines = text.split(/\r?\n/);
  const hits: Hit[] = [];
  for (const check of SPRING_CHECKS) {
    const value = props.get(canon(check.key));
    if (value === undefined || !check.bad(value.toLowerCase().replace(/^["']|["']$/g, ''))) continue;
    const last = check.key.slice(check.key.lastIndexOf('.') + 1);
    const pattern = new RegExp(`(?:^|[.\\s])${last.replace(/-/g, '[-_]?')}\\s*[=:]`, 'i');
    const index = lines.findIndex((l) => pattern.test(l));
    hits.push({ rule: check.rule, file, line: index + 1 || 1, key: check.key, snippet: lines[index] ?? '', detail: `${check.key}=${value}.` });
  }
  return hits;
}
