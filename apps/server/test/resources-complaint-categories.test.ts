import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPLAINT_CATEGORIES } from '../src/db/seed/complaints';
import { bearer, buildTestApp, loginAll, multipart, requestAs, type TestApp } from './helpers';

let t: TestApp;
let disp: string;
let gov: string;
let airport: string;

beforeAll(async () => {
  t = await buildTestApp();
  [disp, gov, airport] = await loginAll(t.app, 'dispatcher@example.com', 'gov@example.com', 'airport@example.com');
}, 60_000);
afterAll(() => t.close());

const form = (token: string, fields: Parameters<typeof multipart>[0]) => {
  const m = multipart(fields);
  return { payload: m.payload, headers: { ...bearer(token), ...m.headers } };
};

describe('the complaint categories catalogue (/complaint_categories)', () => {
  it('401 without a token, 403 without COMPLAINTS, 403 writing as the Goverment role', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/complaint_categories' })).statusCode).toBe(401);
    expect((await requestAs(t.app, 'GET', '/api/complaint_categories', airport)).statusCode).toBe(403);
    expect((await requestAs(t.app, 'GET', '/api/complaint_categories', gov)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/complaint_categories',
      ...form(gov, { name: 'Noise' }),
    });
    expect(res.statusCode).toBe(403);
  });

  it('422 with field errors for a missing or duplicate name', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/complaint_categories', ...form(disp, { name: '' }) });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.name).toBeDefined();
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/complaint_categories',
      ...form(disp, { name: DEMO_COMPLAINT_CATEGORIES[0] }),
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toBeDefined();
  });

  it('lists the seeded categories; a new one is offered to the ride page (GET complaint-category); rename, delete', async () => {
    const list = (await requestAs(t.app, 'GET', '/api/complaint_categories?perPage=25', disp)).json().data;
    expect(list.data.map((r: { name: string }) => r.name).sort()).toEqual([...DEMO_COMPLAINT_CATEGORIES].sort());
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/complaint_categories',
      ...form(disp, { name: 'Loud music' }),
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    const picker = async () =>
      (
        (await requestAs(t.app, 'GET', '/api/complaint-category', disp)).json().data as { id: number; name: string }[]
      ).find((c) => c.id === id);
    expect(await picker()).toEqual({ id, name: 'Loud music' });
    const renamed = await t.app.inject({
      method: 'POST',
      url: `/api/complaint_categories/${id}`,
      ...form(disp, { _method: 'PUT', name: 'Music too loud' }),
    });
    expect(renamed.statusCode).toBe(200);
    expect((await picker())?.name).toBe('Music too loud');
    const deleted = await t.app.inject({
      method: 'POST',
      url: `/api/complaint_categories/${id}`,
      ...form(disp, { _method: 'DELETE' }),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await picker()).toBeUndefined();
  });
});
