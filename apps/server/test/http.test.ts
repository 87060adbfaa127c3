import { MSG, publicRule, signedInRule, staffPolicy } from '@taxi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../src/http/errors';
import { isUploadedFile, type UploadedFile, uploadSize } from '../src/lib/uploaded-file';
import { bearer, buildTestApp, login, multipart, requestAs, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let dispatcher: string;

const echoBody = z.object({
  name: z.string().min(1),
  active: z.enum(['0', '1']).transform((v) => v === '1'),
  tags: z.array(z.string()).optional(),
  photo: z.custom<UploadedFile>(isUploadedFile).optional(),
});

beforeAll(async () => {
  t = await buildTestApp({
    routes: (app) => {
      app.put(
        '/api/test/echo/:id',
        { config: { policy: signedInRule('test.echo'), upload: { files: 1 } }, schema: { body: echoBody } },
        async (request) => {
          const body = request.body as z.infer<typeof echoBody>;
          return {
            data: {
              method: request.method,
              params: request.params,
              name: body.name,
              active: body.active,
              tags: body.tags,
              photo: body.photo ? { filename: body.photo.filename, size: uploadSize(body.photo) } : null,
            },
          };
        },
      );
      app.delete('/api/test/echo/:id', { config: { policy: staffPolicy.manage } }, async () => ({ data: 'deleted' }));
      app.get('/api/test/boom', { config: { policy: signedInRule('test.boom') } }, async () => {
        throw new Error('secret internals');
      });
      app.get('/api/test/conflict', { config: { policy: publicRule('test.conflict') } }, async () => {
        throw new HttpError(409, 'changed under you');
      });
    },
  });
  admin = await login(t.app, 'admin@example.com');
  dispatcher = await login(t.app, 'dispatcher@example.com');
});
afterAll(() => t?.close());

describe('errors', () => {
  it('unknown /api route → 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: MSG.notFound, request_id: expect.any(String) });
  });

  it('422 with {message, errors: {field: [msg]}} and the first message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin_send_code',
      payload: { username: 'no-at-sign', password: '' },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors.username).toEqual([MSG.invalidEmail]);
    expect(body.errors.password).toEqual([MSG.required]);
    expect(body.message).toBe(MSG.invalidEmail);
  });

  it('an unexpected error → 500 with MSG.serverError and no stack', async () => {
    const res = await requestAs(t.app, 'GET', '/api/test/boom', admin);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: MSG.serverError, request_id: expect.any(String) });
    expect(res.body).not.toContain('secret');
  });

  it('HttpError keeps its status and message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'changed under you', request_id: expect.any(String) });
  });

  it('malformed JSON → 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin_send_code',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('season setting', () => {
  it('defaults to night; SETTINGS changes it; dispatcher gets 403', async () => {
    const get = await requestAs(t.app, 'GET', '/api/setting?key=SEASON', dispatcher);
    expect(get.json()).toEqual({ data: 'night' });

    const unknown = await requestAs(t.app, 'GET', '/api/setting?key=NOPE', admin);
    expect(unknown.statusCode).toBe(404);

    const forbidden = await requestAs(t.app, 'PUT', '/api/setting/season', dispatcher, { season: 'day' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: MSG.forbidden, request_id: expect.any(String) });

    const invalid = await requestAs(t.app, 'PUT', '/api/setting/season', admin, { season: 'winter' });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(['season']);

    const put = await requestAs(t.app, 'PUT', '/api/setting/season', admin, { season: 'hot' });
    expect(put.json()).toEqual({ data: { season: 'hot' }, message: MSG.seasonUpdated });
    const after = await requestAs(t.app, 'GET', '/api/setting?key=SEASON', admin);
    expect(after.json().data).toBe('hot');
  });
});

describe('_method override and form bodies', () => {
  it('multipart POST with _method=PUT reaches the PUT route with the parsed body, files and arrays', async () => {
    const form = multipart({
      _method: 'PUT',
      name: 'Nice',
      active: '1',
      'tags[0]': 'a',
      'tags[1]': 'b',
      photo: { filename: 'id.png', type: 'image/png', data: Buffer.from([1, 2, 3, 4]) },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/7',
      headers: { ...form.headers, ...bearer(admin) },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      method: 'POST',
      params: { id: '7' },
      name: 'Nice',
      active: true,
      tags: ['a', 'b'],
      photo: { filename: 'id.png', size: 4 },
    });
  });

  it('urlencoded and JSON POSTs are overridden too; the target schema validates (422)', async () => {
    const url = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo/8',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...bearer(admin) },
      payload: '_method=PUT&name=Url&active=0&tags%5B0%5D=x',
    });
    expect(url.json().data).toMatchObject({ name: 'Url', active: false, tags: ['x'] });

    const bad = await requestAs(t.app, 'POST', '/api/test/echo/8', admin, { _method: 'PUT', name: '', active: '1' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['name']);
  });

  it("the target's authorization applies: 401 without token, 403 without permission", async () => {
    const anon = await t.app.inject({ method: 'POST', url: '/api/test/echo/1', payload: { _method: 'DELETE' } });
    expect(anon.statusCode).toBe(401);
    const denied = await requestAs(t.app, 'POST', '/api/test/echo/1', dispatcher, { _method: 'DELETE' });
    expect(denied.statusCode).toBe(403);
    const deleted = await requestAs(t.app, 'POST', '/api/test/echo/1', admin, { _method: 'DELETE' });
    expect(deleted.json()).toEqual({ data: 'deleted' });
  });

  it('season change via multipart POST _method=PUT', async () => {
    const form = multipart({ _method: 'PUT', season: 'classic' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/setting/season',
      headers: { ...form.headers, ...bearer(admin) },
      payload: form.payload,
    });
    expect(res.json()).toEqual({ data: { season: 'classic' }, message: MSG.seasonUpdated });
  });
});

describe('system', () => {
  it('tells the app environment without a token, for the production banner', async () => {
    const { app, close } = await buildTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/app_info' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.app_env).toBe('development');
    const health = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(health.json().data.status).toBe('ready');
    await close();
  });
});

describe('paginate with a capped count', () => {
  it('links past the cap while pages are full, and stops at a short page', async () => {
    const { paginate } = await import('../src/http/pagination');
    const rows = Array.from({ length: 7 }, (_, i) => i + 1);
    const source = {
      count: async () => Math.min(rows.length, 3),
      rows: async (limit: number, offset: number) => rows.slice(offset, offset + limit),
      countCap: 3,
    };
    const first = await paginate(source, { page: 1, perPage: 3, url: '/api/x?page=1' });
    expect(first).toMatchObject({ total: 3, next_page_url: '/api/x?page=2' });
    const second = await paginate(source, { page: 2, perPage: 3, url: '/api/x?page=2' });
    expect(second.data).toEqual([4, 5, 6]);
    expect(second.next_page_url).toBe('/api/x?page=3');
    const third = await paginate(source, { page: 3, perPage: 3, url: '/api/x?page=3' });
    expect(third.data).toEqual([7]);
    expect(third.next_page_url).toBeNull();
  });
});
