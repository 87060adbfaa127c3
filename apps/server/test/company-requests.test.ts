import { COMPANY_REQUEST_MSG, MSG } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyRequests, partners, userRoles, users } from '../src/db/schema';
import { apiCaller, login, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin: string;
let supervisor: string;

beforeAll(async () => {
  [admin, supervisor] = await loginAll(t.app, 'admin@example.com', 'supervisor@example.com');
});

const body = (over: Record<string, unknown> = {}) => ({
  company_name: 'Condamine Consulting',
  address: 'Rue Grimaldi',
  contact_first_name: 'Clara',
  contact_last_name: 'Condamine',
  contact_email: 'clara@condamine.example.com',
  contact_phone: '+377 93 11 22 33',
  message: 'Please open an account.',
  ...over,
});

describe('company requests (COMPANY_REQUESTS)', () => {
  let id: number;

  it('401, 422 with field errors, 403 without COMPANY_REQUESTS, then filed and listed (the demo has some)', async () => {
    expect((await call('GET', 'company_requests', null)).statusCode).toBe(401);
    expect((await call('POST', 'company_requests', null, body())).statusCode).toBe(401);
    const bad = await call('POST', 'company_requests', admin, body({ company_name: '', contact_email: 'nope' }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['company_name', 'contact_email']));
    expect((await call('GET', 'company_requests', supervisor)).statusCode).toBe(403);
    expect((await call('POST', 'company_requests', supervisor, body())).statusCode).toBe(403);
    const made = await call('POST', 'company_requests', admin, body());
    expect(made.statusCode).toBe(201);
    id = made.json().data.id;
    expect(made.json().data).toMatchObject({
      status: 'pending',
      company_id: null,
      contact_email: body().contact_email,
    });
    const pending = (await call('GET', 'company_requests?status=pending&perPage=50', admin)).json().data;
    expect(pending.data.map((r: { id: number }) => r.id)).toContain(id);
    expect(pending.total).toBeGreaterThanOrEqual(3);
    expect((await call('GET', 'company_requests?status=rejected', admin)).json().data.total).toBe(1);
    expect((await call('GET', `company_requests/${id}`, admin)).json().data.id).toBe(id);
    expect((await call('GET', 'company_requests/999999', admin)).statusCode).toBe(404);
  });

  it('approval: 422 on a weak password, then the company and its first user in one transaction; 409 again', async () => {
    expect(
      (await call('PUT', `company_requests/${id}/approve`, supervisor, { password: 'Demo#2026' })).statusCode,
    ).toBe(403);
    const weak = await call('PUT', `company_requests/${id}/approve`, admin, { password: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors).toHaveProperty('password');
    const res = await call('PUT', `company_requests/${id}/approve`, admin, {
      password: 'Demo#2026',
      billing: 'per_ride',
      max_active_bookings: 7,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(COMPANY_REQUEST_MSG.approvedInto('Condamine Consulting'));
    const dto = res.json().data;
    expect(dto).toMatchObject({ status: 'approved', reviewed_by: 'Ada Admin' });
    const [company] = await t.db.select().from(partners).where(eq(partners.id, dto.company_id));
    expect(company).toMatchObject({
      kind: 'company',
      name: 'Condamine Consulting',
      billing: 'per_ride',
      maxActiveBookings: 7,
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, dto.user_id));
    expect(user).toMatchObject({ email: 'clara@condamine.example.com', partnerId: company.id, partnerKind: 'company' });
    expect((await t.db.select().from(userRoles).where(eq(userRoles.userId, user.id)))[0].roleId).toBe(23);
    // The first user signs in to the company's desk.
    const token = await login(t.app, 'clara@condamine.example.com');
    expect((await call('GET', 'partner', token)).json().data).toMatchObject({ id: company.id, kind: 'company' });
    // Reviewed once only.
    const again = await call('PUT', `company_requests/${id}/approve`, admin, { password: 'Demo#2026' });
    expect(again.statusCode).toBe(409);
    expect((await call('PUT', `company_requests/${id}/reject`, admin, { reason: 'late' })).statusCode).toBe(409);
  });

  it('an approval whose e-mail is taken changes nothing (one transaction)', async () => {
    const made = await call(
      'POST',
      'company_requests',
      admin,
      body({ company_name: 'Twin SAM', contact_email: 'hotel@example.com' }),
    );
    const twin = made.json().data.id;
    const before = await t.db.$count(partners);
    const res = await call('PUT', `company_requests/${twin}/approve`, admin, { password: 'Demo#2026' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.contact_email).toEqual([COMPANY_REQUEST_MSG.emailTaken]);
    expect(await t.db.$count(partners)).toBe(before);
    const [row] = await t.db.select().from(companyRequests).where(eq(companyRequests.id, twin));
    expect(row.status).toBe('pending');
  });

  it('rejection needs a reason, then keeps it', async () => {
    const made = await call(
      'POST',
      'company_requests',
      admin,
      body({ company_name: 'Nope SARL', contact_email: 'x@nope.example.com' }),
    );
    const rid = made.json().data.id;
    const none = await call('PUT', `company_requests/${rid}/reject`, admin, { reason: '' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.reason).toEqual([MSG.required]);
    const res = await call('PUT', `company_requests/${rid}/reject`, admin, { reason: 'Not a registered company' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', reject_reason: 'Not a registered company' });
  });
});
