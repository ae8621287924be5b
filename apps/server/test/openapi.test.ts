// The OpenAPI document: valid OpenAPI 3.1 (swagger-parser), every registered API route in it with its auth, and
// real answers of the running app match the schemas it states.
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutesOf } from '../src/openapi/routes';
import { setupTestApp, uniqueEmail, type TestContext } from './helpers';

// ajv-formats is CommonJS; its default export arrives wrapped depending on the loader.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv2020) => Ajv2020;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is checked by the parser, then walked
type Doc = any;

describe('GET /api/v1/openapi.json', () => {
  let ctx: TestContext;
  let doc: Doc;
  beforeAll(async () => {
    ctx = await setupTestApp('pglite');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  }, 60_000);
  afterAll(() => ctx?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeTruthy();
  });

  it('documents every registered API route, with its auth scheme and {detail} errors', () => {
    const routes = apiRoutesOf.get(ctx.app)!;
    expect(routes.length).toBeGreaterThanOrEqual(14);
    for (const route of routes) {
      const op = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path} is not documented`).toBeDefined();
      expect(op.responses['500'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented).toHaveLength(routes.length);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/scans/create'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/scans/create'].post.responses['402']).toBeDefined();
    expect(doc.paths['/scans/upload'].post.requestBody.content['multipart/form-data'].schema.required).toEqual(['package_type', 'file']);
    expect(doc.components.schemas.Error).toMatchObject({ type: 'object', required: ['detail'] });
  });

  it("real answers match the document's schemas", async () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const check = (path: string, method: string, status: number, body: unknown) => {
      const schema = doc.paths[path][method].responses[String(status)].content['application/json'].schema;
      const resolved = schema.$ref ? doc.components.schemas.Error : schema;
      const validate = ajv.compile(resolved);
      expect(validate(body), `${method} ${path} ${status}: ${JSON.stringify(validate.errors)}`).toBe(true);
    };
    const reg = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload: { email: uniqueEmail('oas'), password: 'longenough' } });
    check('/auth/register', 'post', 201, reg.json());
    const auth = { authorization: `Bearer ${reg.json().access_token}` };
    for (const path of ['/account/me', '/account/usage', '/scans/list', '/scans/webhook-secret', '/health']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: auth });
      check(path, 'get', 200, res.json());
    }
    const bad = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'x@example.com', password: 'wrong-password' } });
    check('/auth/login', 'post', 401, bad.json());
    // A schema that states the wrong shape fails: the check above can fail.
    expect(ajv.compile(doc.paths['/account/me'].get.responses['200'].content['application/json'].schema)({ id: 1 })).toBe(false);
  });
});
