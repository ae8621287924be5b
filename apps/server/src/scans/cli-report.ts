// A CLI upload's report must be a valid DueScan report (the engine's JSON schema, ajv) and anonymized: no code
// ever reaches the server, so any `snippet` field rejects the upload. Paths may be hashed; we do not care.
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Report } from '@duescan/engine';
import reportSchema from '@duescan/engine/schema' with { type: 'json' };
import { Errors } from '../errors';

// ajv-formats is CommonJS; its default export arrives wrapped depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv) => Ajv;
const ajv = new Ajv({ allErrors: false, strict: false });
addFormats(ajv);
const validate = ajv.compile(reportSchema as Record<string, unknown>);

function describe(error: ErrorObject | undefined): string {
  if (!error) return 'it does not match the report schema';
  return `${error.instancePath || 'report'} ${error.message ?? 'is invalid'}`;
}

function hasSnippet(value: unknown, depth = 0): boolean {
  if (depth > 12 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasSnippet(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k === 'snippet' || hasSnippet(v, depth + 1));
}

export function checkCliReport(report: Record<string, unknown>): Report {
  if (!validate(report)) throw Errors.badRequest(`The uploaded report is not a valid DueScan report: ${describe(validate.errors?.[0])}`);
  if (hasSnippet(report)) {
    throw Errors.badRequest('The uploaded report contains code snippets. Upload the anonymized report (duescan scan --upload).');
  }
  return report as unknown as Report;
}
