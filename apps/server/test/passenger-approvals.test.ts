import {
  APPROVAL_MSG,
  type ApprovalItemDto,
  type ApprovalUpdatedPayload,
  DOCUMENT_REMOVAL_REASONS,
  EVENTS,
  PASSENGER_CLAIM_MINUTES,
} from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, passengerClaims, users } from '../src/db/schema';
import { bearer, listeningAppForFile, loginAll, PinnableClock } from './helpers';

const MIN = 60_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const clock = new PinnableClock();
const t = listeningAppForFile({ clock });
let disp: string;
let callcenter: string;
let sup: string;
let gov: string;
let airport: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  [disp, callcenter, sup, gov, airport] = await loginAll(
    t.app,
    'dispatcher@example.com',
    'callcenter@example.com',
    'supervisor@example.com',
    'gov@example.com',
    'airport@example.com',
  );
  for (const u of await t.db.select({ id: users.id, email: users.email }).from(users)) ids[u.email] = u.id;
});
beforeEach(() => {
  clock.pinned = null;
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/${url}`,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });

/** A passenger who just signed up in the app with ID card images: they join the approval queue. */
async function signedUp(first = 'Queue', last = 'Person'): Promise<number> {
  const dto = await t.app.passengers.registerPassenger({
    first_name: first,
    last_name: last,
    phone_number: `+3367${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    id_card_front: { filename: 'front.png', mimetype: 'image/png', data: PNG },
    id_card_back: { filename: 'back.png', mimetype: 'image/png', data: PNG },
  });
  return dto.id;
}

async function queued(id: number, token = disp): Promise<ApprovalItemDto | undefined> {
  const res = await call('GET', 'passengers/approvals', token);
  expect(res.statusCode).toBe(200);
  return (res.json().data.passengers as ApprovalItemDto[]).find((item) => item.passenger.id === id);
}

describe('GET passengers/approvals', () => {
  it('401 → 403 for who may not approve → the new passengers waiting, the newest first, with the count', async () => {
    const id = await signedUp('Newest', 'Waiting');
    expect((await call('GET', 'passengers/approvals', null)).statusCode).toBe(401);
    expect((await call('GET', 'passengers/approvals', gov)).statusCode).toBe(403);
    expect((await call('GET', 'passengers/approvals', airport)).statusCode).toBe(403);
    const res = await call('GET', 'passengers/approvals', disp);
    expect(res.statusCode).toBe(200);
    const { passengers, total } = res.json().data as { passengers: ApprovalItemDto[]; total: number };
    expect(passengers[0]).toMatchObject({ passenger: { id, full_name: 'Newest Waiting' }, claim: null });
    expect(total).toBeGreaterThanOrEqual(passengers.length);
    // Approved passengers and those without documents are not waiting.
    expect(passengers.every((p) => p.passenger.approved_at === null)).toBe(true);
    expect(passengers.every((p) => p.passenger.id_card_front || p.passenger.id_card_back)).toBe(true);
  });
});

describe('POST passengers/{id}/claim', () => {
  it('401 → 422 → 403 → claimed (who and when, stored); another operator gets 409; the claimer renews', async () => {
    const id = await signedUp();
    expect((await call('POST', `passengers/${id}/claim`, null)).statusCode).toBe(401);
    const bad = await call('POST', 'passengers/abc/claim', disp);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.id).toBeDefined();
    expect((await call('POST', `passengers/${id}/claim`, gov)).statusCode).toBe(403);
    expect((await call('POST', `passengers/${id}/claim`, airport)).statusCode).toBe(403);
    expect((await call('POST', 'passengers/999999/claim', disp)).statusCode).toBe(404);

    const res = await call('POST', `passengers/${id}/claim`, disp);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(APPROVAL_MSG.claimed);
    expect(res.json().data).toMatchObject({ passenger_id: id, waiting: true });
    const claim = res.json().data.claim;
    expect(claim).toMatchObject({ passenger_id: id, user_id: ids['dispatcher@example.com'], name: 'Dario Dispatcher' });
    expect(Date.parse(claim.expires_at) - Date.parse(claim.claimed_at)).toBe(PASSENGER_CLAIM_MINUTES * MIN);
    const [row] = await t.db.select().from(passengerClaims).where(eq(passengerClaims.passengerId, id));
    expect(row.userId).toBe(ids['dispatcher@example.com']);
    expect(row.claimedAt.toISOString()).toBe(claim.claimed_at);
    expect((await queued(id, callcenter))?.claim).toMatchObject({ user_id: ids['dispatcher@example.com'] });
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'passenger.claim'), eq(auditLog.entityId, String(id))));
    expect(audited).toHaveLength(1);

    const taken = await call('POST', `passengers/${id}/claim`, callcenter);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(APPROVAL_MSG.alreadyTaken('Dario Dispatcher'));

    // The open wizard renews its claim: the same start, a later end.
    clock.pinned = Date.now() + 3 * MIN;
    const renewed = await call('POST', `passengers/${id}/claim`, disp);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().data.claim.claimed_at).toBe(claim.claimed_at);
    expect(Date.parse(renewed.json().data.claim.expires_at)).toBeGreaterThan(Date.parse(claim.expires_at));
  });

  it('two operators claiming at once: exactly one wins, the others get 409', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await signedUp('Race', String(round));
      const results = await Promise.all([
        call('POST', `passengers/${id}/claim`, disp),
        call('POST', `passengers/${id}/claim`, callcenter),
        call('POST', `passengers/${id}/claim`, sup),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
      const winner = results.find((r) => r.statusCode === 200)?.json().data.claim.user_id;
      const rows = await t.db.select().from(passengerClaims).where(eq(passengerClaims.passengerId, id));
      expect(rows).toHaveLength(1);
      expect(rows[0].userId).toBe(winner);
    }
  });

  it('a claim runs out: after PASSENGER_CLAIM_MINUTES another operator may take the passenger', async () => {
    const id = await signedUp();
    expect((await call('POST', `passengers/${id}/claim`, disp)).statusCode).toBe(200);
    clock.pinned = Date.now() + (PASSENGER_CLAIM_MINUTES + 1) * MIN;
    expect((await queued(id))?.claim).toBeNull();
    const res = await call('POST', `passengers/${id}/claim`, callcenter);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.claim.user_id).toBe(ids['callcenter@example.com']);
  });

  it('409 for a passenger who no longer waits (approved)', async () => {
    const id = await signedUp();
    expect((await call('PUT', `passengers/${id}/active`, disp)).statusCode).toBe(200);
    const res = await call('POST', `passengers/${id}/claim`, disp);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(APPROVAL_MSG.notWaiting);
  });
});

describe('DELETE passengers/{id}/claim and the decisions', () => {
  it('401 → 422 → 403 → released by its holder only; the passenger waits again', async () => {
    const id = await signedUp();
    expect((await call('POST', `passengers/${id}/claim`, disp)).statusCode).toBe(200);
    expect((await call('DELETE', `passengers/${id}/claim`, null)).statusCode).toBe(401);
    expect((await call('DELETE', 'passengers/abc/claim', disp)).statusCode).toBe(422);
    expect((await call('DELETE', `passengers/${id}/claim`, gov)).statusCode).toBe(403);
    const other = await call('DELETE', `passengers/${id}/claim`, callcenter);
    expect(other.statusCode).toBe(409);
    const res = await call('DELETE', `passengers/${id}/claim`, disp);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(APPROVAL_MSG.released);
    expect(res.json().data).toEqual({ passenger_id: id, waiting: true, claim: null });
    // Through the POST twin as a Laravel form sends it (`_method=DELETE`): the same answer.
    expect((await call('POST', `passengers/${id}/claim`, disp)).statusCode).toBe(200);
    const twin = await t.app.inject({
      method: 'POST',
      url: `/api/passengers/${id}/claim`,
      headers: { ...bearer(disp), 'content-type': 'application/x-www-form-urlencoded' },
      payload: '_method=DELETE',
    });
    expect(twin.statusCode).toBe(200);
    expect(twin.json().data.claim).toBeNull();
    expect((await queued(id))?.claim).toBeNull();
    expect(await t.db.select().from(passengerClaims).where(eq(passengerClaims.passengerId, id))).toHaveLength(0);
    // Nothing to release: still fine.
    expect((await call('DELETE', `passengers/${id}/claim`, disp)).statusCode).toBe(200);
    expect((await call('POST', `passengers/${id}/claim`, callcenter)).statusCode).toBe(200);
  });

  it('while claimed, only its holder saves and approves; approving ends the claim and the passenger leaves the queue', async () => {
    const id = await signedUp();
    expect((await call('POST', `passengers/${id}/claim`, disp)).statusCode).toBe(200);
    const other = await call('PUT', `passengers/${id}/active`, callcenter);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(APPROVAL_MSG.alreadyTaken('Dario Dispatcher'));
    const saved = await call('PUT', `passenger/${id}`, callcenter, {
      first_name: 'Other',
      last_name: 'Operator',
      whatsapp_number: '+37761000000',
    });
    expect(saved.statusCode).toBe(409);
    expect((await call('PUT', `passengers/${id}/active`, disp)).statusCode).toBe(200);
    expect(await t.db.select().from(passengerClaims).where(eq(passengerClaims.passengerId, id))).toHaveLength(0);
    expect(await queued(id)).toBeUndefined();
  });

  it('removing the documents ends the claim too', async () => {
    const id = await signedUp();
    expect((await call('POST', `passengers/${id}/claim`, sup)).statusCode).toBe(200);
    const res = await call('PUT', `passenger/${id}/remove_documents`, sup, {
      message: DOCUMENT_REMOVAL_REASONS[1].message,
    });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(passengerClaims).where(eq(passengerClaims.passengerId, id))).toHaveLength(0);
    expect(await queued(id)).toBeUndefined();
  });
});

describe('Passengers:approval_updated', () => {
  it('a claim, a release and a decision reach every approver console at once', async () => {
    const other = await t.connected(callcenter);
    const got: ApprovalUpdatedPayload[] = [];
    other.on(EVENTS.approvalUpdated, (p) => got.push(p));
    const id = await signedUp();
    const seen = (match: Partial<ApprovalUpdatedPayload>, claimed: boolean) =>
      vi.waitFor(
        () =>
          expect(got).toContainEqual(
            expect.objectContaining({ passenger_id: id, ...match, claim: claimed ? expect.anything() : null }),
          ),
        { timeout: 3000 },
      );

    expect((await call('POST', `passengers/${id}/claim`, disp)).statusCode).toBe(200);
    await seen({ waiting: true }, true);
    expect(got.at(-1)?.claim).toMatchObject({ user_id: ids['dispatcher@example.com'], name: 'Dario Dispatcher' });
    expect((await call('DELETE', `passengers/${id}/claim`, disp)).statusCode).toBe(200);
    await seen({ waiting: true }, false);
    expect((await call('PUT', `passengers/${id}/active`, disp)).statusCode).toBe(200);
    await seen({ waiting: false }, false);
  });
});
