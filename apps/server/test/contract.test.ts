/**
 * The typed contract: every /api route of Fastify's own route table declares a response schema, the
 * server answers only what that schema allows (a reply that does not match is a 500, never sent), and
 * GET /api/docs/json is an OpenAPI 3.1 document listing every route with its request and responses.
 */
import { endpoints, envelope, publicRule } from '@taxi/shared';
import type { RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { globalConfig } from 'zod/v4/core';
import { readApiDocs, readNotes } from '../../../scripts/api-docs';
import { type OpenApiDocument, renderApiDocs } from '../src/http/openapi-markdown';
import { buildTestApp, type TestApp } from './helpers';

interface Route {
  method: string;
  url: string;
  schema: { response?: Record<string, unknown>; hide?: boolean } | undefined;
  twin: boolean;
  /** Development-only (loopback) routes: not in the document. */
  local: boolean;
}

const routes: Route[] = [];
let t: TestApp;

const MISMATCH_URL = '/api/test/contract-mismatch';
/** A test-only route whose handler answers what its schema does not allow. */
const mismatchRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    MISMATCH_URL,
    {
      config: { policy: publicRule('test.contractMismatch') },
      schema: { hide: true, response: { 200: envelope(z.object({ id: z.number() })) } },
    },
    async () => ({ data: { id: 'not a number' } }) as never,
  );
};

beforeAll(async () => {
  t = await buildTestApp({
    onRoute: (route: RouteOptions) => {
      if (!route.url.startsWith('/api')) return;
      const config = (route.config ?? {}) as { methodOverrideTwin?: boolean; localOnly?: boolean };
      const twin = !!config.methodOverrideTwin;
      const local = !!config.localOnly;
      const schema = route.schema as Route['schema'];
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push({ method, url: route.url, schema, twin, local });
      }
    },
    routes: async (app) => {
      await app.register(mismatchRoute);
    },
  });
}, 120_000);
afterAll(() => t?.close());

/** The routes the contract covers: not the POST twins (they answer as their target), not the docs' own. */
const contractRoutes = () => routes.filter((r) => !r.twin && (!r.schema?.hide || r.url === MISMATCH_URL));
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const isSuccess = (code: string) => /^2(\d\d|xx)$/.test(code);

describe('typed contract', () => {
  it('every /api route declares a success response schema', () => {
    expect(contractRoutes().length).toBeGreaterThan(100);
    const missing = contractRoutes()
      .filter((r) => !Object.keys(r.schema?.response ?? {}).some(isSuccess))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('a reply that does not match its schema is refused (500), never sent', async () => {
    const res = await t.app.inject({ url: MISMATCH_URL });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('not a number');
  });

  it('GET /api/docs/json is OpenAPI 3.1 listing every route with its request and responses', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      openapi: string;
      paths: Record<string, Record<string, { tags?: string[]; responses?: Record<string, unknown> }>>;
    };
    expect(doc.openapi).toMatch(/^3\.1\./);
    const problems: string[] = [];
    for (const route of contractRoutes().filter((r) => !r.local && r.url !== MISMATCH_URL)) {
      const key = `${route.method} ${route.url}`;
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${key}: missing`);
        continue;
      }
      if (!Object.keys(operation.responses ?? {}).some(isSuccess)) problems.push(`${key}: no success response`);
      if (!operation.tags?.length) problems.push(`${key}: no tag`);
    }
    expect(problems).toEqual([]);
    // The POST twins and the docs' own routes are not operations of the API.
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/docs'))).toEqual([]);
  });

  it('documents request schemas: path values, queries, JSON and multipart bodies', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown }>>;
    };
    const show = doc.paths['/api/bookings/{id}']?.get;
    expect(show?.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
    const list = doc.paths['/api/passenger']?.get;
    expect(list?.parameters).toContainEqual(expect.objectContaining({ name: 'perPage', in: 'query' }));
    const login = JSON.stringify(doc.paths['/api/admin_login']?.post?.requestBody);
    expect(login).toContain('username');
    // Uploaded files are binary strings (z.custom has no JSON Schema of its own).
    const upload = JSON.stringify(doc.paths['/api/passenger/{id}']?.put?.requestBody);
    expect(upload).toContain('"format":"binary"');
  });

  it('docs/api is what `npm run docs:api` writes from the document (regenerate after a contract change)', () => {
    const expected = renderApiDocs(t.app.swagger() as unknown as OpenApiDocument, readNotes());
    expect(Object.keys(readApiDocs()).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, content] of Object.entries(readApiDocs()))
      expect(content, `docs/api/${name}`).toBe(expected[name]);
  });

  it('serves the browsable reference at GET /api/docs without a token', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(res.statusCode);
    const page = res.statusCode === 302 ? await t.app.inject({ url: res.headers.location as string }) : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('the server validates with zod compiled parsers (the shared package turns them off for the CSP of the browser)', () => {
    expect(globalConfig.jitless).toBe(false);
  });

  it("every call of the web's endpoint table is a route of the server (same method and path)", () => {
    const shape = (path: string) => path.replace(/:[A-Za-z_]+/g, ':_');
    const served = new Set(contractRoutes().map((r) => `${r.method} ${shape(r.url)}`));
    const calls = Object.entries(endpoints);
    expect(calls.length).toBeGreaterThan(40);
    const missing = calls
      .filter(([name]) => !PLANNED_CALLS.has(name))
      .filter(([, e]) => !served.has(`${e.method} ${shape(`/api/${e.path}`)}`))
      .map(([name, e]) => `${name}: ${e.method} ${e.path}`);
    expect(missing).toEqual([]);
    // The planned ones are really not served yet (their pickers say "not available yet" on the 404).
    for (const name of PLANNED_CALLS) {
      const e = endpoints[name as keyof typeof endpoints];
      expect(served.has(`${e.method} ${shape(`/api/${e.path}`)}`), name).toBe(false);
    }
  });
});

/** Pickers of routes later capabilities build: the web handles their 404. None left today. */
const PLANNED_CALLS = new Set<string>();
