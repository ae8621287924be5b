// Builds the OpenAPI 3.1 document from OPERATIONS for the routes this server registered. OpenAPI 3.1 schemas are
// JSON Schema 2020-12, which is what zod 4's toJSONSchema writes: requests are described as clients send them
// (io: input, e.g. defaults optional), answers as the server returns them (io: output).
import { z } from 'zod';
import { ZErrorResponse } from '@duescan/contracts';
import { OPERATIONS, type Operation } from './operations';

export interface ApiRoute {
  method: string;
  /** Below the API prefix, Fastify style (`/reports/:id`). */
  path: string;
}

type JsonObject = Record<string, unknown>;

const DESCRIPTIONS: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  400: 'Malformed or refused input (broken JSON or multipart body, NUL character, refused URL, corrupt archive)',
  401: 'Not authenticated (missing, invalid or expired bearer credential)',
  402: 'No credits remaining',
  403: 'Refused: an invalid or expired download link, or a package the plan does not include',
  404: 'Not found (or not yours)',
  409: 'Conflict: already exists, or not ready yet',
  410: 'The report is past REPORT_RETENTION and was deleted',
  413: 'Too large',
  414: 'The address is too long',
  422: 'A field breaks a rule of the contract (the detail names it)',
  429: 'Too many attempts',
  500: 'Server error',
  502: 'The payment provider could not be reached',
};

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonObject;
  return rest;
}

function operationId(route: ApiRoute): string {
  return route.method.toLowerCase() + route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''));
}

function parameters(op: Operation): JsonObject[] {
  const list: JsonObject[] = Object.entries(op.params ?? {}).map(([name, description]) => ({
    name,
    in: 'path',
    required: true,
    description,
    schema: { type: 'string', format: 'uuid' },
  }));
  if (op.query) {
    const query = schemaOf(op.query, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      list.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  return list;
}

function requestBody(op: Operation): JsonObject | undefined {
  if (op.json) return { required: true, content: { 'application/json': { schema: schemaOf(op.json, 'input') } } };
  if (!op.multipart) return undefined;
  const fields = schemaOf(op.multipart, 'input') as { properties?: JsonObject; required?: string[] };
  const schema = {
    type: 'object',
    properties: { ...fields.properties, file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The archive' } },
    required: [...(fields.required ?? []), 'file'],
  };
  return { required: true, content: { 'multipart/form-data': { schema } } };
}

function responses(op: Operation, isSelf: boolean): JsonObject {
  const out: JsonObject = {};
  for (const [status, answer] of Object.entries(op.responses)) {
    const content =
      answer instanceof z.ZodType
        ? { 'application/json': { schema: schemaOf(answer, 'output') } }
        : Object.fromEntries(answer.files.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }]));
    out[status] = { description: DESCRIPTIONS[Number(status)] ?? 'OK', content };
  }
  if (isSelf) out[200] = { description: 'This document', content: { 'application/json': { schema: { type: 'object' } } } };
  // Every call can meet the address length limit and a server error.
  for (const status of [...op.errors, 414, 500]) {
    out[status] = { description: DESCRIPTIONS[status] ?? 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  }
  return out;
}

/** The document for `routes` (those without an entry in OPERATIONS are left out; openapi.test.ts forbids them). */
export function buildOpenApiDocument(routes: ApiRoute[], prefix: string): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const route of [...routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))) {
    const op = OPERATIONS[`${route.method} ${route.path}`];
    if (!op) continue;
    const body = requestBody(op);
    const params = parameters(op);
    paths[route.path.replace(/:(\w+)/g, '{$1}')] ??= {};
    paths[route.path.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()] = {
      operationId: operationId(route),
      summary: op.summary,
      tags: [op.tag],
      security: op.auth === 'bearer' ? [{ bearer: [] }] : [],
      ...(op.auth === 'signed-link' ? { description: 'No bearer header: the expires and sig query parameters are the permission.' } : {}),
      ...(params.length ? { parameters: params } : {}),
      ...(body ? { requestBody: body } : {}),
      responses: responses(op, route.path === '/openapi.json'),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'DueScan API',
      version: '1',
      description: 'Every error answer is {"detail": "<a sentence for the user>"}.',
    },
    servers: [{ url: prefix }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The access_token from /auth/login or /auth/register, or the CLI API token' },
      },
      schemas: { Error: schemaOf(ZErrorResponse, 'output') },
    },
  };
}
