import { dateToCityLocal } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captains, cashRegisters } from '../src/db/schema';
import { ManualClock } from '../src/lib/clock';
import { makeCaptain } from './factories';
import { apiCaller, buildTestApp, loginAll, type TestApp } from './helpers';

const HOUR = 3600_000;
const NOW = Date.parse('2026-04-01T08:00:00Z');
const clock = new ManualClock(NOW);
const local = (offsetHours: number) => dateToCityLocal(new Date(NOW + offsetHours * HOUR));

let t: TestApp;
let admin: string;
let supervisor: string;
let dispatcher: string;
let gov: string;
const call = apiCaller(() => t.app);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  [admin, supervisor, dispatcher, gov] = await loginAll(
    t.app,
    'admin@example.com',
    'supervisor@example.com',
    'dispatcher@example.com',
    'gov@example.com',
  );
}, 60_000);
afterAll(() => t.close());

const applicant = async () => (await makeCaptain(t.db, { active: false, registered: false, online: false })).captain;
const publish = async (token: string, from: number, to: number) =>
  call('POST', 'available_interview_times', token, { starts_at: local(from), ends_at: local(to) });
const captainRow = async (id: number) => (await t.db.select().from(captains).where(eq(captains.id, id)))[0];

describe('interviews of captain applicants (/available_interview_times, /interviews)', () => {
  it('slots: 401, 422 with field errors, 403 without PLANNING, then published; overlapping ones refused', async () => {
    expect((await call('GET', 'available_interview_times', null)).statusCode).toBe(401);
    expect((await call('POST', 'available_interview_times', null, {})).statusCode).toBe(401);
    const bad = await call('POST', 'available_interview_times', supervisor, { starts_at: 'soon', ends_at: 3 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['ends_at', 'starts_at']);
    expect((await publish(supervisor, 2, 1)).json().errors).toEqual({ ends_at: ['The end must be after the start'] });
    expect((await publish(supervisor, -2, -1)).json().errors).toEqual({
      starts_at: ['A slot cannot start in the past'],
    });
    for (const token of [dispatcher, gov]) {
      expect((await call('GET', 'available_interview_times', token)).statusCode).toBe(403);
      expect((await call('POST', 'available_interview_times', token, {})).statusCode).toBe(403);
    }
    const slot = await publish(supervisor, 2, 3);
    expect(slot.statusCode).toBe(200);
    expect(slot.json()).toMatchObject({
      message: 'Slot published',
      data: { interviewer: { name: 'Sofia Supervisor' }, applicant: null, outcome: null },
    });
    expect((await publish(supervisor, 2.5, 3.5)).json().errors).toEqual({
      starts_at: ['You already have a slot at that time'],
    });
    // Another interviewer may hold the same hour.
    expect((await publish(admin, 2.5, 3.5)).statusCode).toBe(200);
    const free = (await call('GET', 'available_interview_times?free=1&upcoming=1', admin)).json().data;
    expect(free.total).toBe(2);
  });

  it('booking: one applicant per slot (409 when taken), only applicants, one waiting interview each', async () => {
    const [slot] = (await call('GET', 'available_interview_times?free=1', admin)).json().data.data;
    const [first, second] = [await applicant(), await applicant()];
    expect((await call('POST', 'interviews', null, {})).statusCode).toBe(401);
    const bad = await call('POST', 'interviews', supervisor, { slot_id: 'x' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['captain_id', 'slot_id']);
    expect((await call('POST', 'interviews', dispatcher, { slot_id: slot.id, captain_id: first.id })).statusCode).toBe(
      403,
    );
    const { captain: active } = await makeCaptain(t.db, { active: true });
    expect(
      (await call('POST', 'interviews', supervisor, { slot_id: slot.id, captain_id: active.id })).json().errors,
    ).toEqual({ captain_id: ['Only a captain applicant (unregistered, not active) can be booked'] });

    const booked = await call('POST', 'interviews', supervisor, { slot_id: slot.id, captain_id: first.id });
    expect(booked.statusCode).toBe(200);
    expect(booked.json().data.applicant).toMatchObject({ id: first.id });
    const taken = await call('POST', 'interviews', admin, { slot_id: slot.id, captain_id: second.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This slot is already taken');
    const [other] = (await call('GET', 'available_interview_times?free=1', admin)).json().data.data;
    expect(
      (await call('POST', 'interviews', admin, { slot_id: other.id, captain_id: first.id })).json().errors,
    ).toEqual({ captain_id: ['This applicant already has an interview waiting'] });
    expect((await call('DELETE', `available_interview_times/${slot.id}`, admin)).statusCode).toBe(409);
    expect((await call('GET', 'interviews?waiting=1', supervisor)).json().data.data).toHaveLength(1);
  });

  it("outcome: 'passed' activates the captain through the activation rule; 'failed' refuses with a reason", async () => {
    const [interview] = (await call('GET', 'interviews?waiting=1', supervisor)).json().data.data;
    const captainId = interview.applicant.id;
    expect((await call('PUT', `interviews/${interview.id}/outcome`, null, {})).statusCode).toBe(401);
    const noRegister = await call('PUT', `interviews/${interview.id}/outcome`, supervisor, { outcome: 'passed' });
    expect(noRegister.statusCode).toBe(422);
    expect(noRegister.json().errors).toEqual({ cash_register_id: ['Choose cash register please'] });
    expect(
      (await call('PUT', `interviews/${interview.id}/outcome`, supervisor, { outcome: 'failed', reason: '' })).json()
        .errors,
    ).toEqual({ reason: ['Give the reason of the refusal'] });
    expect((await call('PUT', `interviews/${interview.id}/outcome`, gov, { outcome: 'failed' })).statusCode).toBe(403);
    // An unknown register: the activation's own 422, and nothing recorded.
    const unknown = await call('PUT', `interviews/${interview.id}/outcome`, supervisor, {
      outcome: 'passed',
      cash_register_id: 999_999,
    });
    expect(unknown.json().errors).toEqual({ cash_register_id: ['Choose cash register please'] });
    expect((await captainRow(captainId)).active).toBe(false);

    const [register] = await t.db.select().from(cashRegisters).limit(1);
    const passed = await call('PUT', `interviews/${interview.id}/outcome`, supervisor, {
      outcome: 'passed',
      cash_register_id: register.id,
    });
    expect(passed.statusCode).toBe(200);
    expect(passed.json()).toMatchObject({ message: 'Outcome recorded', data: { outcome: 'passed' } });
    expect(await captainRow(captainId)).toMatchObject({ active: true, registered: true, cashRegisterId: register.id });
    expect(
      (await call('PUT', `interviews/${interview.id}/outcome`, supervisor, { outcome: 'failed', reason: 'No' }))
        .statusCode,
    ).toBe(409);

    // Another applicant fails: refused with the reason, still inactive, and not booked again.
    const refusedOne = await applicant();
    const slot = (await publish(admin, 5, 6)).json().data;
    await call('POST', 'interviews', admin, { slot_id: slot.id, captain_id: refusedOne.id });
    const failed = await call('PUT', `interviews/${slot.id}/outcome`, admin, {
      outcome: 'failed',
      reason: 'No valid driving licence',
    });
    expect(failed.json().data).toMatchObject({ outcome: 'failed', outcome_reason: 'No valid driving licence' });
    expect((await captainRow(refusedOne.id)).active).toBe(false);
    const again = (await publish(admin, 7, 8)).json().data;
    expect(
      (await call('POST', 'interviews', admin, { slot_id: again.id, captain_id: refusedOne.id })).json().errors,
    ).toEqual({ captain_id: ['This applicant was refused at an interview'] });
    expect((await call('DELETE', `available_interview_times/${again.id}`, admin)).json().message).toBe('Slot removed');
  });
});
