import { DOCUMENT_REMOVAL_REASONS, EVENTS, ID_CARD_MAX_BYTES, PEOPLE_MSG } from '@taxi/shared';
import { eq, min } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountEntries, auditLog, captains, carModels, cashRegisters, colors, passengers } from '../src/db/schema';
import { bearer, buildTestApp, login, multipart, requestAs, type TestApp } from './helpers';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const png = (filename = 'front.png') => ({ filename, type: 'image/png', data: PNG });

let t: TestApp;
let admin: string;
let callcenter: string;
let airport: string;

/** A fresh unapproved passenger without documents. */
async function newPassenger(first = 'Zoé', last = 'Testard'): Promise<number> {
  const [row] = await t.db
    .insert(passengers)
    .values({ firstName: first, lastName: last, phoneNumber: `+3361${Math.floor(Math.random() * 1e7)}` })
    .returning({ id: passengers.id });
  return row.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await login(t.app, 'admin@example.com');
  callcenter = await login(t.app, 'gov@example.com');
  airport = await login(t.app, 'airport@example.com');
});
afterAll(async () => t?.close());

describe('GET /api/passenger', () => {
  it('401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/passenger' });
    expect(res.statusCode).toBe(401);
  });

  it('lists the seeded passengers with paging', async () => {
    const res = await requestAs(t.app, 'GET', '/api/passenger?perPage=5', admin);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.data).toHaveLength(5);
    expect(page.total).toBeGreaterThanOrEqual(300);
    expect(page.data[0]).toHaveProperty('full_name');
    expect(page.data[0]).toHaveProperty('active_loyalty_classes');
  });

  it('searches by name prefix, phone and e-mail, and filters', async () => {
    await t.db.insert(passengers).values({
      firstName: 'Quentinella',
      lastName: 'Xyzabc',
      phoneNumber: '+37799887766',
      email: 'quentin.x@test.mc',
    });
    const byName = (await requestAs(t.app, 'GET', '/api/passenger?search=quentinel', admin)).json().data;
    expect(byName.data.map((p: { full_name: string }) => p.full_name)).toEqual(['Quentinella Xyzabc']);
    const byFull = (
      await requestAs(t.app, 'GET', `/api/passenger?search=${encodeURIComponent('Quentinella Xy')}`, admin)
    ).json().data;
    expect(byFull.total).toBe(1);
    const byPhone = (await requestAs(t.app, 'GET', '/api/passenger?search=3779988', admin)).json().data;
    expect(byPhone.total).toBe(1);
    const byEmail = (await requestAs(t.app, 'GET', '/api/passenger?search=QUENTIN.X@', admin)).json().data;
    expect(byEmail.total).toBe(1);
    const none = (await requestAs(t.app, 'GET', '/api/passenger?search=%25', admin)).json().data;
    expect(none.total).toBe(0);

    const p1 = (await requestAs(t.app, 'GET', '/api/passenger?loyalty_class=P1&perPage=100', admin)).json().data;
    expect(p1.total).toBeGreaterThan(0);
    expect(
      p1.data.every((p: { active_loyalty_classes: { name: string }[] }) => p.active_loyalty_classes[0].name === 'P1'),
    ).toBe(true);
    const unapproved = (await requestAs(t.app, 'GET', '/api/passenger?approved=0&perPage=100', admin)).json().data;
    expect(unapproved.data.every((p: { approved_at: string | null }) => p.approved_at === null)).toBe(true);
    const unregistered = (await requestAs(t.app, 'GET', '/api/passenger?registered=false', admin)).json().data;
    expect(unregistered.total).toBeGreaterThan(0);
    expect(unregistered.data.every((p: { registered: boolean }) => !p.registered)).toBe(true);
  });
});

describe('POST /api/passenger/{id} (_method PUT, multipart)', () => {
  it('422 with the spec texts when fields and files are missing', async () => {
    const id = await newPassenger();
    const body = multipart({ _method: 'PUT', first_name: '', last_name: 'X', whatsapp_number: '' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/passenger/${id}`,
      headers: { ...bearer(admin), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.first_name).toEqual([PEOPLE_MSG.fieldRequired]);
    expect(res.json().errors.whatsapp_number).toEqual([PEOPLE_MSG.requiredField]);

    const noFiles = multipart({ _method: 'PUT', first_name: 'A', last_name: 'B', whatsapp_number: '+37761234567' });
    const res2 = await t.app.inject({
      method: 'POST',
      url: `/api/passenger/${id}`,
      headers: { ...bearer(admin), ...noFiles.headers },
      payload: noFiles.payload,
    });
    expect(res2.statusCode).toBe(422);
    expect(res2.json().errors).toEqual({
      id_card_front: [PEOPLE_MSG.fileRequired],
      id_card_back: [PEOPLE_MSG.fileRequired],
    });
  });

  it('saves names and both images; later saves need no image', async () => {
    const id = await newPassenger();
    const body = multipart({
      _method: 'PUT',
      first_name: 'Marie',
      last_name: 'Notari',
      whatsapp_number: '+37761234567',
      id_card_front: png('front.png'),
      id_card_back: png('back.jpg'),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/passenger/${id}`,
      headers: { ...bearer(admin), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.full_name).toBe('Marie Notari');
    expect(data.id_card_front).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(data.id_card_back).toMatch(/^[a-f0-9]{32}\.png$/);

    const file = await requestAs(t.app, 'GET', `/api/files/${data.id_card_front}`, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    // Stored re-encoded (metadata stripped), still a PNG of the same size.
    const stored = await sharp(file.rawPayload).metadata();
    const sent = await sharp(PNG).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', sent.width, sent.height]);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/files/${data.id_card_front}` });
    expect(anonymous.statusCode).toBe(401);
    const traversal = await requestAs(t.app, 'GET', '/api/files/..%2F..%2Fsecret', admin);
    expect(traversal.statusCode).toBe(404);

    const again = multipart({
      _method: 'PUT',
      first_name: 'Marie',
      last_name: 'Notari-Rey',
      whatsapp_number: '+37761234567',
    });
    const res2 = await t.app.inject({
      method: 'POST',
      url: `/api/passenger/${id}`,
      headers: { ...bearer(admin), ...again.headers },
      payload: again.payload,
    });
    expect(res2.statusCode).toBe(200);
    expect(res2.json().data.id_card_front).toBe(data.id_card_front);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)));
    expect(audit.action).toBe('passenger.update');
  });

  it('refuses a non-image renamed .jpg and an oversized image (422)', async () => {
    const id = await newPassenger();
    const fake = multipart({
      _method: 'PUT',
      first_name: 'A',
      last_name: 'B',
      whatsapp_number: '+377',
      id_card_front: { filename: 'id.jpg', type: 'image/jpeg', data: Buffer.from('%PDF-1.4 not an image at all') },
      id_card_back: png(),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/passenger/${id}`,
      headers: { ...bearer(admin), ...fake.headers },
      payload: fake.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.id_card_front).toEqual([PEOPLE_MSG.imagesOnly]);

    const big = Buffer.concat([PNG, Buffer.alloc(ID_CARD_MAX_BYTES)]);
    const large = multipart({
      _method: 'PUT',
      first_name: 'A',
      last_name: 'B',
      whatsapp_number: '+377',
      id_card_front: png(),
      id_card_back: { filename: 'back.png', type: 'image/png', data: big },
    });
    const res2 = await t.app.inject({
      method: 'POST',
      url: `/api/passenger/${id}`,
      headers: { ...bearer(admin), ...large.headers },
      payload: large.payload,
    });
    expect(res2.statusCode).toBe(422);
    expect(res2.json().errors.id_card_back).toEqual([PEOPLE_MSG.fileTooLarge(5)]);
    const [row] = await t.db.select().from(passengers).where(eq(passengers.id, id));
    expect(row.idCardFront).toBeNull();
  });

  it('403 without the PASSENGERS permission', async () => {
    const id = await newPassenger();
    const body = multipart({ _method: 'PUT', first_name: 'A', last_name: 'B', whatsapp_number: '+377' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/passenger/${id}`,
      headers: { ...bearer(callcenter), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('document removal and passenger activation', () => {
  it('422 without a reason, then removes the documents', async () => {
    const [p] = await t.db
      .insert(passengers)
      .values({
        firstName: 'Doc',
        lastName: 'Holder',
        phoneNumber: '+33600000001',
        idCardFront: 'a.png',
        idCardBack: 'b.png',
        approvedAt: new Date(),
      })
      .returning();
    const bad = await requestAs(t.app, 'PUT', `/api/passenger/${p.id}/remove_documents`, admin, {});
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.message).toEqual([PEOPLE_MSG.fieldRequired]);
    const wrong = await requestAs(t.app, 'PUT', `/api/passenger/${p.id}/remove_documents`, admin, { message: 'nope' });
    expect(wrong.statusCode).toBe(422);

    const res = await requestAs(t.app, 'PUT', `/api/passenger/${p.id}/remove_documents`, admin, {
      message: DOCUMENT_REMOVAL_REASONS[1].message,
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      id_card_front: null,
      id_card_back: null,
      approved_at: null,
      rejected_count: 1,
      can_be_approved: true,
    });

    const act = await requestAs(t.app, 'PUT', `/api/passengers/${p.id}/active`, admin);
    expect(act.statusCode).toBe(200);
    expect(act.json().message).toBe(PEOPLE_MSG.activationCompleted);
    expect(act.json().data.approved_at).not.toBeNull();
    expect(act.json().data.active).toBe(true);
  });

  it('no_approval=true (under legal age) makes the passenger unapprovable', async () => {
    const id = await newPassenger();
    const res = await requestAs(t.app, 'PUT', `/api/passenger/${id}/remove_documents?no_approval=true`, admin, {
      message: DOCUMENT_REMOVAL_REASONS[0].message,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.can_be_approved).toBe(false);
    const act = await requestAs(t.app, 'PUT', `/api/passengers/${id}/active`, admin);
    expect(act.statusCode).toBe(422);
    expect(act.json().message).toBe(PEOPLE_MSG.passengerNotApprovable);
  });

  it('lists account entries by type', async () => {
    const [{ id }] = await t.db
      .select({ id: accountEntries.ownerId })
      .from(accountEntries)
      .where(eq(accountEntries.type, 'payment'))
      .limit(1);
    const res = await requestAs(t.app, 'GET', `/api/passenger/${id}/account_entries?type=payment`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.length).toBeGreaterThan(0);
    expect(res.json().data.data.every((e: { type: string }) => e.type === 'payment')).toBe(true);
    const bad = await requestAs(t.app, 'GET', `/api/passenger/${id}/account_entries?type=nope`, admin);
    expect(bad.statusCode).toBe(422);
  });

  it('registerPassenger emits Dashboard:new_passenger when an ID image exists', async () => {
    const events: { event: string; payload: unknown }[] = [];
    const original = t.app.realtime.emit;
    t.app.realtime.emit = ((event: string, payload: unknown) => events.push({ event, payload })) as typeof original;
    try {
      await t.app.passengers.registerPassenger({ first_name: 'No', last_name: 'Docs', phone_number: '+33611111111' });
      const dto = await t.app.passengers.registerPassenger({
        first_name: 'With',
        last_name: 'Docs',
        phone_number: '+33622222222',
        id_card_front: { filename: 'f.png', mimetype: 'image/png', data: PNG },
      });
      expect(events).toHaveLength(1);
      expect(events[0].event).toBe(EVENTS.newPassenger);
      expect(events[0].payload).toMatchObject({
        passenger: { id: dto.id, full_name: 'With Docs', id_card_back: null },
      });
    } finally {
      t.app.realtime.emit = original;
    }
  });
});

describe('captains', () => {
  it('lists, searches and shows cars', async () => {
    const list = await requestAs(t.app, 'GET', '/api/captain?perPage=3', admin);
    expect(list.statusCode).toBe(200);
    const first = list.json().data.data[0];
    const search = await requestAs(
      t.app,
      'GET',
      `/api/captain/search?search=${encodeURIComponent(first.username.slice(0, 5))}`,
      admin,
    );
    expect(search.json().data.some((c: { id: number }) => c.id === first.id)).toBe(true);
    expect(Object.keys(search.json().data[0]).sort()).toEqual(['full_name', 'id', 'username']);
    const cars = await requestAs(t.app, 'GET', `/api/captain/${first.id}/cars`, admin);
    expect(cars.json().data[0]).toMatchObject({ captain: { id: first.id } });
    expect(cars.json().data[0].brand).not.toBeNull();
    const blocked = await requestAs(t.app, 'GET', '/api/captain/blocked', admin);
    expect(
      blocked.json().data.data.every((c: { blocked_until: string }) => new Date(c.blocked_until) > new Date()),
    ).toBe(true);
  });

  it("finds a captain by a car's plate, whole or in part (the command palette)", async () => {
    const list = (await requestAs(t.app, 'GET', '/api/captain?perPage=3', admin)).json().data.data;
    const [car] = (await requestAs(t.app, 'GET', `/api/captain/${list[0].id}/cars`, admin)).json().data;
    for (const term of [car.number, car.number.toLowerCase(), car.number.slice(-5)]) {
      const found = (await requestAs(t.app, 'GET', `/api/captain?search=${encodeURIComponent(term)}`, admin)).json();
      expect(found.data.data.map((c: { id: number }) => c.id)).toContain(list[0].id);
    }
    const none = (await requestAs(t.app, 'GET', '/api/captain?search=ZZ-99999', admin)).json().data.data;
    expect(none).toEqual([]);
  });

  it('creates a driver and a car, then activates with a cash register', async () => {
    const bad = await requestAs(t.app, 'POST', '/api/captain', admin, { first_name: '' });
    expect(bad.statusCode).toBe(422);
    const created = await requestAs(t.app, 'POST', '/api/captain', admin, {
      first_name: 'Luca',
      last_name: 'Bellando',
      username: 'luca.test',
      phone_number: '+37769000001',
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    const dup = await requestAs(t.app, 'POST', '/api/captain', admin, {
      first_name: 'L',
      last_name: 'B',
      username: 'LUCA.test',
      phone_number: '+37769000002',
    });
    expect(dup.json().errors.username).toEqual([PEOPLE_MSG.usernameTaken]);

    const [{ model }] = await t.db.select({ model: min(carModels.id) }).from(carModels);
    const [{ color }] = await t.db.select({ color: min(colors.id) }).from(colors);
    const car = await requestAs(t.app, 'POST', `/api/captain/${id}/cars`, admin, {
      number: 'mc-123',
      color_id: color,
      car_model_id: model,
      vehicle_type: 'sedan',
      seats: 4,
    });
    expect(car.statusCode).toBe(200);
    expect(car.json().data).toMatchObject({ number: 'MC-123', captain: { id } });

    const noRegister = await requestAs(t.app, 'PUT', `/api/captain/${id}/active`, admin, {});
    expect(noRegister.statusCode).toBe(422);
    expect(noRegister.json().message).toBe(PEOPLE_MSG.chooseCashRegister);
    const unknown = await requestAs(t.app, 'PUT', `/api/captain/${id}/active`, admin, { cash_register_id: 999999 });
    expect(unknown.statusCode).toBe(422);
    const forbidden = await requestAs(t.app, 'PUT', `/api/captain/${id}/active`, airport, {});
    expect(forbidden.statusCode).toBe(403);

    const [register] = await t.db.select().from(cashRegisters).limit(1);
    const ok = await requestAs(t.app, 'PUT', `/api/captain/${id}/active`, admin, { cash_register_id: register.id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(PEOPLE_MSG.activationCompleted);
    expect(ok.json().data).toMatchObject({ active: true, cash_register: { id: register.id } });
  });

  it('blocks and unblocks (punishment) and counts monthly bookings', async () => {
    const [{ id }] = await t.db.select({ id: min(captains.id) }).from(captains);
    const past = await requestAs(t.app, 'PUT', `/api/captain/${id}/block`, admin, { until: '2000-01-01', reason: 'x' });
    expect(past.statusCode).toBe(422);
    const until = new Date(Date.now() + 86400000).toISOString();
    const res = await requestAs(t.app, 'PUT', `/api/captain/${id}/block`, admin, { until, reason: 'Late' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.block_reason).toBe('Late');
    const un = await requestAs(t.app, 'PUT', `/api/captain/${id}/unblock`, admin);
    expect(un.json().data.blocked_until).toBeNull();
    const monthly = await requestAs(t.app, 'GET', `/api/captain/${id}/monthly-bookings`, admin);
    expect(monthly.statusCode).toBe(200);
    expect(monthly.json().data).toHaveLength(12);
    const history = await requestAs(t.app, 'GET', `/api/captain/${id}/bookings`, admin);
    expect(history.statusCode).toBe(200);
    const served = monthly.json().data.reduce((n: number, m: { bookings: number }) => n + m.bookings, 0);
    expect(history.json().data.total).toBeGreaterThanOrEqual(served);
  });
});
