import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, buildTestApp, loginAll, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let supervisor: string;
let gov: string;
const call = apiCaller(() => t.app);

beforeAll(async () => {
  t = await buildTestApp();
  [admin, supervisor, gov] = await loginAll(t.app, 'admin@example.com', 'supervisor@example.com', 'gov@example.com');
}, 60_000);
afterAll(() => t.close());

const status = async (kind: 'passenger' | 'captain', id: number, token = admin) =>
  (await call('GET', `${kind}/${id}/terms`, token)).json().data;

describe('terms and conditions (/terms_and_conditions)', () => {
  it('401 without a token, 403 without T_C, 422 with field errors', async () => {
    expect((await call('GET', 'terms_and_conditions', null)).statusCode).toBe(401);
    expect((await call('GET', 'terms_and_conditions', supervisor)).statusCode).toBe(403);
    const bad = await call('POST', 'terms_and_conditions', admin, { audience: 'drivers', title: '', body: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['audience', 'body', 'title']);
  });

  it('where the demo passengers stand: most accepted version 2, every fifth is still on version 1', async () => {
    expect(await status('passenger', 1)).toMatchObject({ current_version: 2, accepted_version: 2, up_to_date: true });
    expect(await status('passenger', 5)).toMatchObject({ current_version: 2, accepted_version: 1, up_to_date: false });
    expect(await status('captain', 3, gov)).toMatchObject({
      current_version: 1,
      accepted_version: null,
      up_to_date: false,
    });
    expect((await call('GET', 'passenger/999999/terms', admin)).statusCode).toBe(404);
    expect((await call('GET', 'passenger/1/terms', gov)).statusCode).toBe(403);
  });

  it('a new version is numbered per audience, puts everyone behind until their app accepts it, and is never edited', async () => {
    const created = await call('POST', 'terms_and_conditions', admin, {
      audience: 'passenger',
      title: 'Passenger terms of use',
      body: 'Pets travel in a carrier.',
    });
    expect(created.statusCode).toBe(200);
    const v3 = created.json().data;
    expect(v3).toMatchObject({ audience: 'passenger', version: 3, acceptances: 0 });
    const captains = await call('POST', 'terms_and_conditions', admin, {
      audience: 'captain',
      title: 'Captain agreement',
      body: 'Child seats are fitted before the pickup.',
    });
    expect(captains.json().data.version).toBe(2);

    expect(await status('passenger', 1)).toMatchObject({ current_version: 3, accepted_version: 2, up_to_date: false });
    expect(await t.app.terms.acceptCurrent('passenger', 1)).toBe(true);
    expect(await t.app.terms.acceptCurrent('passenger', 1)).toBe(true);
    expect(await status('passenger', 1)).toMatchObject({ current_version: 3, accepted_version: 3, up_to_date: true });

    const row = (await call('GET', `terms_and_conditions/${v3.id}`, admin)).json().data;
    expect(row.acceptances).toBe(1);
    const edit = await call('PUT', `terms_and_conditions/${v3.id}`, admin, { title: 'Changed' });
    expect(edit.statusCode).toBe(403);
    expect((await call('DELETE', `terms_and_conditions/${v3.id}`, admin)).statusCode).toBe(403);
    // A version nobody accepted yet may be withdrawn: the previous one is current again.
    expect((await call('DELETE', `terms_and_conditions/${captains.json().data.id}`, admin)).statusCode).toBe(200);
    expect((await status('captain', 1)).current_version).toBe(1);
  });
});
