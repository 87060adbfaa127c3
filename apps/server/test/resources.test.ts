import { MSG, RESOURCE_MSG } from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema';
import { bearer, buildTestApp, login, multipart, requestAs, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let dispatcher: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin@example.com');
  dispatcher = await login(t.app, 'dispatcher@example.com');
});
afterAll(() => t.close());

/** A multipart body with the bearer token. */
const form = (token: string, fields: Parameters<typeof multipart>[0]) => {
  const m = multipart(fields);
  return { payload: m.payload, headers: { ...bearer(token), ...m.headers } };
};

const get = (url: string, token = admin) => requestAs(t.app, 'GET', url, token);

describe('generic table calls: car brands', () => {
  it('401 without a token, 403 writing without TYPES', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/car_brands' })).statusCode).toBe(401);
    const res = await requestAs(t.app, 'POST', '/api/car_brands', dispatcher, { name: 'Lada' });
    expect(res.statusCode).toBe(403);
  });

  it('pages with the default of 10, sorted by id ascending', async () => {
    const res = await get('/api/car_brands');
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.per_page).toBe(10);
    expect(page.total).toBe(30);
    expect(page.last_page).toBe(3);
    expect(page.data).toHaveLength(10);
    const ids = page.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(page.next_page_url).toContain('page=2');
    const p3 = (await get('/api/car_brands?page=3&perPage=25')).json().data;
    expect(p3.data).toHaveLength(0);
  });

  it('sorts by a sortable field, refuses others and bad page sizes with 422', async () => {
    const desc = (await get('/api/car_brands?sortBy=name&descending=1&perPage=5')).json().data.data;
    expect(desc[0].name).toBe('Volvo');
    const asc = (await get('/api/car_brands?sortBy=name&descending=false&perPage=5')).json().data.data;
    expect(asc[0].name).toBe('Audi');
    const bad = await get('/api/car_brands?sortBy=password_hash');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.sortBy).toEqual([RESOURCE_MSG.invalidSort]);
    expect((await get('/api/car_brands?perPage=7')).statusCode).toBe(422);
  });

  it('searches case-insensitively and escapes LIKE wildcards', async () => {
    const page = (await get('/api/car_brands?search=merc')).json().data;
    expect(page.data.map((r: { name: string }) => r.name)).toEqual(['Mercedes-Benz']);
    expect((await get('/api/car_brands?search=%25')).json().data.total).toBe(0);
  });

  it('creates (multipart), rejects blanks and duplicates with field errors, updates with _method PUT, deletes', async () => {
    const blank = await t.app.inject({ method: 'POST', url: '/api/car_brands', ...form(admin, { name: '  ' }) });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors.name).toEqual([MSG.required]);
    const dup = await t.app.inject({ method: 'POST', url: '/api/car_brands', ...form(admin, { name: 'tesla' }) });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name[0]).toMatch(/already taken/);

    const created = await t.app.inject({ method: 'POST', url: '/api/car_brands', ...form(admin, { name: 'Lancia' }) });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id as number;
    expect(created.json().data).toEqual({ id, name: 'Lancia' });

    const m = multipart({ _method: 'PUT', name: 'Lancia Automobiles' });
    const updated = await t.app.inject({
      method: 'POST',
      url: `/api/car_brands/${id}`,
      headers: { ...bearer(admin), ...m.headers },
      payload: m.payload,
    });
    expect(updated.statusCode).toBe(200);
    expect((await get(`/api/car_brands/${id}`)).json().data.name).toBe('Lancia Automobiles');

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'car_brands'), eq(auditLog.entityId, String(id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['car_brands.create', 'car_brands.update']);

    const d = multipart({ _method: 'DELETE' });
    const deleted = await t.app.inject({
      method: 'POST',
      url: `/api/car_brands/${id}`,
      headers: { ...bearer(admin), ...d.headers },
      payload: d.payload,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await get(`/api/car_brands/${id}`)).statusCode).toBe(404);
    expect((await get('/api/car_brands/abc')).statusCode).toBe(404);
    expect((await requestAs(t.app, 'DELETE', `/api/car_brands/${id}`, admin)).statusCode).toBe(404);
  });

  it('lists the models of one brand (nested) and creates a model under it', async () => {
    const brand = (await get('/api/car_brands?search=Tesla')).json().data.data[0];
    const models = (await get(`/api/car_brands/${brand.id}/models?perPage=100`)).json().data;
    expect(models.data.map((m: { name: string }) => m.name)).toEqual(['Model 3', 'Model Y', 'Model S', 'Model X']);
    const res = await requestAs(t.app, 'POST', `/api/car_brands/${brand.id}/models`, admin, { name: 'Cybertruck' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.car_brand_id).toBe(brand.id);
    const other = (await get('/api/car_brands?search=Toyota')).json().data.data[0];
    expect((await get(`/api/car_brands/${other.id}/models/${res.json().data.id}`)).statusCode).toBe(404);
  });

  it('exports the current filter as CSV with escaping', async () => {
    await requestAs(t.app, 'POST', '/api/car_brands', admin, { name: 'Quote "Q", Ltd' });
    const res = await get('/api/car_brands/export.csv?search=q&sortBy=name');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="car_brands.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('id,Name');
    expect(lines.some((l) => l.endsWith(',"Quote ""Q"", Ltd"'))).toBe(true);
    expect(lines.length - 1).toBe((await get('/api/car_brands?search=q&perPage=100')).json().data.total);
  });
});

describe('generic table calls: vouchers, staff and roles', () => {
  it('vouchers: number limits, booleans as 0/1, partial update, unique code', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/voucher',
      ...form(admin, { code: 'X1', amount: '0' }),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.amount).toEqual([RESOURCE_MSG.atLeast(1)]);
    expect(bad.json().errors.code).toEqual([RESOURCE_MSG.tooShort(3)]);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/voucher',
      ...form(admin, { code: 'SPRING5', amount: '5', active: '0', expires_at: '2030-05-01T10:00' }),
    });
    expect(ok.statusCode).toBe(200);
    const v = ok.json().data;
    expect(v).toMatchObject({ code: 'SPRING5', discount_kind: 'percent', amount: 5, active: false, max_uses: null });
    const m = multipart({ _method: 'PUT', active: '1' });
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/voucher/${v.id}`,
      headers: { ...bearer(admin), ...m.headers },
      payload: m.payload,
    });
    expect(up.json().data).toMatchObject({ code: 'SPRING5', amount: 5, active: true });
    const dup = await requestAs(t.app, 'PUT', `/api/voucher/${v.id}`, admin, { code: 'welcome10' });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.code).toBeDefined();
    expect((await get('/api/voucher', dispatcher)).statusCode).toBe(403);
  });

  it('staff: password rules, role 1 not assignable, roles array, self-delete refused', async () => {
    const ninaFields = { first_name: 'Nina', last_name: 'New', email: 'nina@example.com', password: 'Str0ng#Pass' };
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      ...form(admin, { ...ninaFields, email: 'nina.example.com', password: 'short', 'roles[0]': '2' }),
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors.password).toEqual([MSG.invalidPassword]);
    expect(weak.json().errors.email).toEqual([MSG.invalidEmail]);
    const adminRole = await requestAs(t.app, 'POST', '/api/user', admin, { ...ninaFields, roles: [1] });
    expect(adminRole.statusCode).toBe(422);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      ...form(admin, { ...ninaFields, 'roles[0]': '3', 'roles[1]': '2', active: '1' }),
    });
    expect(created.statusCode).toBe(200);
    const nina = created.json().data;
    expect(nina).toMatchObject({ email: 'nina@example.com', roles: [3, 2], active: true });
    expect(nina.password_hash).toBeUndefined();
    const [row] = await t.db.select().from(users).where(eq(users.id, nina.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    // a user reads their own profile without USERS, not someone else's
    const me = (await get('/api/check_auth', dispatcher)).json().data;
    const dispatcherId = (me.user?.id ?? me.id) as number;
    expect((await get(`/api/user/${dispatcherId}`, dispatcher)).statusCode).toBe(200);
    expect((await get(`/api/user/${nina.id}`, dispatcher)).statusCode).toBe(403);

    const adminId = (await get('/api/user?search=admin@example.com')).json().data.data[0].id;
    const self = await requestAs(t.app, 'DELETE', `/api/user/${adminId}`, admin);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(RESOURCE_MSG.cannotDeleteSelf);
    expect((await requestAs(t.app, 'DELETE', `/api/user/${nina.id}`, admin)).statusCode).toBe(200);
  });

  it('roles: role 1 can be neither edited nor deleted; a new role takes permissions; a held role is not deleted', async () => {
    const edit = await requestAs(t.app, 'PUT', '/api/roles/1', admin, { name: 'Root' });
    expect(edit.statusCode).toBe(403);
    expect((await requestAs(t.app, 'DELETE', '/api/roles/1', admin)).statusCode).toBe(403);
    const perms = (await get('/api/permission'))
      .json()
      .data.data.slice(0, 2)
      .map((p: { id: number }) => p.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      ...form(admin, { name: 'Auditor', 'permissions[0]': String(perms[0]), 'permissions[1]': String(perms[1]) }),
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data.permissions).toEqual(perms);
    expect(created.json().data.id).toBeGreaterThan(12);
    const held = await requestAs(t.app, 'DELETE', '/api/roles/2', admin);
    expect(held.statusCode).toBe(409);
    expect((await requestAs(t.app, 'DELETE', `/api/roles/${created.json().data.id}`, admin)).statusCode).toBe(200);
  });

  it('cash registers are readable by any staff member', async () => {
    const res = await get('/api/cash_registers', dispatcher);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(3);
  });
});
