// zod schemas as validators. A field parsed by a closed schema (z.enum, z.literal, z.number, z.boolean, z.date,
// z.coerce.number ...) can only hold one of a fixed set of values or a number, so it is clean for every sink;
// fields with open schemas (z.string(), z.any()) keep the input's taint. A string schema (z.string(), z.email(),
// string refinements) yields a string, which cannot carry MongoDB query operators (js-nosql.ts). Schemas are values: z.object({...}) keeps
// its shape in `fields`, so `Schema.safeParse(req.query).data.format` is read field by field.
import type { CallSite } from '../model';
import { CLEAN, deepTaint, type Value } from '../value';
import { asString } from './js-nosql';

const CLOSED = new Set(['zod-closed']);
const OPEN = new Set(['zod-open']);
const OBJECT = new Set(['zod-object']);
const STRING = new Set(['zod-open', 'zod-string']);

const ZOD_FN = /(^|\.)z\.(coerce\.)?(\w+)$/;
const CLOSED_KINDS = new Set(['enum', 'nativeEnum', 'literal', 'number', 'bigint', 'boolean', 'date', 'nan', 'null', 'undefined', 'void']);
const STRING_KINDS = new Set(['string', 'email', 'url', 'uuid', 'cuid', 'cuid2', 'ulid', 'nanoid', 'ipv4', 'ipv6', 'base64', 'emoji', 'jwt']);
/** Methods of a string schema whose result may be something other than a string. */
const NOT_STRING = new Set(['transform', 'pipe', 'or', 'and', 'array', 'promise', 'preprocess']);
/** Refinements that narrow a schema without changing what kind of value it yields. */
const NARROWING = new Set(['default', 'optional', 'nullable', 'nullish', 'int', 'min', 'max', 'gt', 'gte', 'lt', 'lte', 'positive', 'negative', 'nonnegative', 'nonpositive', 'finite', 'safe', 'multipleOf', 'step', 'describe', 'catch', 'readonly', 'brand', 'refine', 'superRefine']);
const PARSE = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync']);

const isSchema = (v: Value | undefined): v is Value => !!v?.flags && (v.flags.has('zod-closed') || v.flags.has('zod-open') || v.flags.has('zod-object'));

/** Value after validating `input` against `schema`. */
function parsed(schema: Value, input: Value | undefined): Value {
  if (schema.flags?.has('zod-closed')) return CLEAN;
  if (schema.flags?.has('zod-string')) return asString(input);
  if (schema.flags?.has('zod-object') && schema.fields) {
    const fields = new Map<string, Value>();
    const whole = input ? deepTaint(input) : undefined;
    for (const [key, fieldSchema] of schema.fields) {
      const raw = input?.fields?.get(key) ?? (whole ? { t: whole } : undefined);
      fields.set(key, isSchema(fieldSchema) ? parsed(fieldSchema, raw) : (raw ?? CLEAN));
    }
    return { fields };
  }
  return input ?? CLEAN;
}

/** Models zod schema construction and parsing; undefined for calls that are not zod. */
export function zodCall(site: CallSite): Value | undefined {
  const { recv, method } = site;
  if (isSchema(recv) && method) {
    if (PARSE.has(method)) {
      const data = parsed(recv, site.args[0]);
      return method.startsWith('safe') ? { fields: new Map([['data', data], ['success', CLEAN], ['error', CLEAN]]) } : data;
    }
    if (NARROWING.has(method)) return recv;
    // an object schema extended or intersected with another object schema keeps both shapes
    if (recv.flags?.has('zod-object') && recv.fields && /^(extend|merge|and|strict|passthrough|strip|partial|required)$/.test(method)) {
      const other = site.args[0];
      const more = other?.flags?.has('zod-object') ? other.fields : method === 'extend' ? other?.fields : undefined;
      if (method === 'and' || method === 'merge' ? !other?.flags?.has('zod-object') : false) return { flags: OPEN };
      return { flags: OBJECT, fields: new Map([...recv.fields, ...(more ?? [])]) };
    }
    return { flags: recv.flags?.has('zod-string') && !NOT_STRING.has(method) ? STRING : OPEN };
  }
  const m = ZOD_FN.exec(site.qn ?? '');
  if (!m) return undefined;
  const kind = m[3] ?? '';
  if (kind === 'object' || kind === 'strictObject') {
    const shape = site.args[0]?.fields;
    return shape ? { flags: OBJECT, fields: shape } : { flags: OPEN };
  }
  return { flags: CLOSED_KINDS.has(kind) ? CLOSED : STRING_KINDS.has(kind) ? STRING : OPEN };
}
