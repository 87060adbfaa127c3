import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, buildTestApp, loginAll, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let dispatcher: string;
let airport: string;
const call = apiCaller(() => t.app);

beforeAll(async () => {
  t = await buildTestApp();
  [admin, dispatcher, airport] = await loginAll(
    t.app,
    'admin@example.com',
    'dispatcher@example.com',
    'airport@example.com',
  );
}, 60_000);
afterAll(() => t.close());

describe('contract templates and their levels', () => {
  it('the level picker loads 50 levels with their template name (people.md §3); only SETTINGS writes', async () => {
    expect((await call('GET', 'contract_template/level?perPage=50', null)).statusCode).toBe(401);
    expect((await call('GET', 'contract_template/level?perPage=50', airport)).statusCode).toBe(403);
    const list = await call('GET', 'contract_template/level?perPage=50', dispatcher);
    expect(list.statusCode).toBe(200);
    const rows = list.json().data.data as { name: string; contract_template: { name: string } }[];
    expect(rows.map((r) => r.name).sort()).toEqual(['Bronze', 'Gold', 'Silver']);
    expect(rows[0].contract_template.name).toBe('Standard captain contract');
    expect((await call('POST', 'contract_template/level', dispatcher, { name: 'Platinum' })).statusCode).toBe(403);
    expect((await call('GET', 'contract_template', dispatcher)).statusCode).toBe(403);
  });

  it('422 with field errors: a commission outside 0–100, an unknown template, a duplicate name', async () => {
    const bad = await call('POST', 'contract_template/level', admin, {
      name: 'Gold',
      contract_template_id: 1,
      commission_percent: 120,
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(expect.arrayContaining(['commission_percent']));
    const unknown = await call('POST', 'contract_template/level', admin, {
      name: 'Platinum',
      contract_template_id: 999,
      commission_percent: 15,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.contract_template_id).toBeDefined();
    const dup = await call('POST', 'contract_template/level', admin, {
      name: 'gold',
      contract_template_id: 1,
      commission_percent: 15,
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toBeDefined();
  });

  it('a new template and level; a template its levels use cannot be deleted', async () => {
    const template = await call('POST', 'contract_template', admin, {
      name: 'Airport contract',
      body: 'Airport rides.',
    });
    expect(template.statusCode).toBe(200);
    const id = template.json().data.id as number;
    const level = await call('POST', 'contract_template/level', admin, {
      name: 'Airport',
      contract_template_id: id,
      commission_percent: 12.5,
    });
    expect(level.statusCode).toBe(200);
    expect(level.json().data).toMatchObject({
      commission_percent: 12.5,
      contract_template: { name: 'Airport contract' },
    });
    const refused = await call('DELETE', `contract_template/${id}`, admin);
    expect(refused.statusCode, refused.body).toBe(409);
    expect((await call('DELETE', `contract_template/level/${level.json().data.id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `contract_template/${id}`, admin)).statusCode).toBe(200);
  });
});
