// Test helper: ajv validators for our report schema and the official SARIF 2.1.0 and CycloneDX 1.6 schemas.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';

const here = dirname(fileURLToPath(import.meta.url));
const schemaDir = join(here, '../../schema');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
// ajv-formats is CommonJS; its default export arrives wrapped depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv) => Ajv;

function newAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  // CycloneDX uses IRI formats ajv-formats lacks: accept any string without whitespace (what matters is shape).
  ajv.addFormat('iri-reference', /^\S*$/);
  ajv.addFormat('iri', /^[a-z][a-z0-9+.-]*:\S*$/i);
  ajv.addFormat('idn-email', /^\S+@\S+$/);
  return ajv;
}

export type Validate = (data: unknown) => ErrorObject[];

function validator(ajv: Ajv, schema: Record<string, unknown>): Validate {
  const fn = ajv.compile(schema);
  return (data) => (fn(data) ? [] : (fn.errors ?? []));
}

export function reportValidator(): Validate {
  return validator(newAjv(), readJson(join(schemaDir, 'report.schema.json')));
}

/** The vendored official schema is draft-04; ajv 8 reads it once its draft-04 `id` is spelled `$id`. */
export function sarifValidator(): Validate {
  const { $schema: _drop, id, ...rest } = readJson(join(schemaDir, 'vendor/sarif-schema-2.1.0.json'));
  return validator(newAjv(), { ...rest, $id: id });
}

export function cycloneDxValidator(): Validate {
  const require = createRequire(import.meta.url);
  const res = join(dirname(require.resolve('@cyclonedx/cyclonedx-library/package.json')), 'res/schema');
  const ajv = newAjv();
  // The bom schema references its neighbours by these relative names.
  ajv.addSchema({ ...readJson(join(res, 'spdx.SNAPSHOT.schema.json')), $id: 'http://cyclonedx.org/schema/spdx.SNAPSHOT.schema.json' });
  ajv.addSchema({ ...readJson(join(res, 'jsf-0.82.SNAPSHOT.schema.json')), $id: 'http://cyclonedx.org/schema/jsf-0.82.SNAPSHOT.schema.json' });
  return validator(ajv, readJson(join(res, 'bom-1.6.SNAPSHOT.schema.json')));
}
