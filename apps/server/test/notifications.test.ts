import { EVENTS, NOTIFICATION_TEMPLATES, type NotificationItem } from '@taxi/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, jobs, notifications, users } from '../src/db/schema';
import { JOB_KINDS } from '../src/modules/bookings/model';
import { makeBooking, makeCaptain } from './factories';
import { apiCaller, listeningAppForFile, login, nextEvent } from './helpers';

const t = listeningAppForFile();

const call = apiCaller(() => t.app);

async function idOf(email: string) {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

const mine = async (email: string, kind: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, await idOf(email)), eq(notifications.kind, kind)));

describe('notifications that real events raise', () => {
  it('a late booking: the late-booking timer raises one per dispatcher (not airport, not without DISPATCHING), live', async () => {
    const disp = await login(t.app, 'dispatcher@example.com');
    const socket = await t.connected(disp);
    const booking = await makeBooking(t.db, { datetime: new Date(Date.now() - 10 * 60_000) });
    const live = nextEvent<NotificationItem>(
      socket,
      EVENTS.newNotification,
      (n) => n.kind === 'late_booking' && n.params?.id === booking.id,
    );
    await t.app.jobs.schedule(JOB_KINDS.lateBooking, { booking_id: booking.id }, new Date(Date.now() - 1000));
    await t.app.jobs.runDue();
    const item = await live;
    expect(item).toMatchObject({
      template: NOTIFICATION_TEMPLATES.lateBooking,
      params: { id: booking.id },
      message: `Order #${booking.id} is still waiting for dispatching`,
      link: `/rides/${booking.id}`,
      read: false,
    });
    const about = async (email: string) =>
      (await mine(email, 'late_booking')).filter((n) => n.params?.id === booking.id);
    expect(await about('dispatcher@example.com')).toHaveLength(1);
    expect(await about('admin@example.com')).toHaveLength(1);
    expect(await mine('airport@example.com', 'late_booking')).toHaveLength(0);
  });

  it('a late captain and an expired besoin raise one each for the dispatchers, never for the airport desk', async () => {
    const disp = await login(t.app, 'dispatcher@example.com');
    const aboutBooking = async (email: string, kind: string, id: number) =>
      (await mine(email, kind)).filter((n) => n.params?.id === id);

    // late captain: dispatched 20 minutes after the pickup time, the timer finds the captain not there
    const late = await makeBooking(t.db, { datetime: new Date(Date.now() - 20 * 60_000) });
    const { captain } = await makeCaptain(t.db);
    expect((await call('PUT', `dispatch/${late.id}/${captain.id}`, disp)).statusCode).toBe(200);
    await t.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(and(eq(jobs.kind, JOB_KINDS.lateCaptain), sql`(${jobs.payload}->>'booking_id')::int = ${late.id}`));
    await t.app.jobs.runDue(100);
    const [lateRow] = await aboutBooking('dispatcher@example.com', 'late_captain', late.id);
    expect(lateRow).toMatchObject({
      template: NOTIFICATION_TEMPLATES.lateCaptain,
      params: { id: late.id, captain: `${captain.firstName} ${captain.lastName}` },
      link: `/rides/${late.id}`,
    });
    expect(await aboutBooking('airport@example.com', 'late_captain', late.id)).toHaveLength(0);

    // besoin expired: its expiry job runs once the besoin date has passed
    const besoin = await makeBooking(t.db, { besoin: true, besoinDate: new Date(Date.now() - 60_000) });
    await t.app.jobs.schedule(JOB_KINDS.besoinExpire, { booking_id: besoin.id }, new Date(Date.now() - 1000));
    await t.app.jobs.runDue(100);
    expect(await aboutBooking('dispatcher@example.com', 'besoin_expired', besoin.id)).toMatchObject([
      { template: NOTIFICATION_TEMPLATES.besoinExpired, link: `/rides/${besoin.id}` },
    ]);
    expect(await aboutBooking('airport@example.com', 'besoin_expired', besoin.id)).toHaveLength(0);
    // a booking whose besoin was renewed meanwhile raises nothing
    const renewed = await makeBooking(t.db, { besoin: true, besoinDate: new Date(Date.now() + 10 * 60_000) });
    await t.app.jobs.schedule(JOB_KINDS.besoinExpire, { booking_id: renewed.id }, new Date(Date.now() - 1000));
    await t.app.jobs.runDue(100);
    expect(await aboutBooking('dispatcher@example.com', 'besoin_expired', renewed.id)).toHaveLength(0);
  });

  it('a complaint filed raises one for COMPLAINTS holders; a new passenger for PASSENGERS holders', async () => {
    const disp = await login(t.app, 'dispatcher@example.com');
    const booking = await makeBooking(t.db, { status: 'DONE' });
    const filed = await call('POST', `complaint/booking/${booking.id}/create`, disp, { description: 'Rude' });
    expect(filed.statusCode).toBe(200);
    const govFiled = await mine('gov@example.com', 'complaint_filed');
    expect(govFiled.map((n) => n.params)).toContainEqual({ id: filed.json().data.id, booking: booking.id });

    // The Goverment role works the complaint: its status change is kept and raises one for COMPLAINTS holders.
    const gov = await login(t.app, 'gov@example.com');
    const airport = await login(t.app, 'airport@example.com');
    const url = `complaint/${filed.json().data.id}/update_status`;
    expect((await call('PUT', url, null, { status: 'Treated' })).statusCode).toBe(401);
    expect((await call('PUT', url, gov, { status: 'Done' })).statusCode).toBe(422);
    expect((await call('PUT', url, airport, { status: 'Treated' })).statusCode).toBe(403);
    expect((await call('PUT', 'complaint/999999/update_status', gov, { status: 'Treated' })).statusCode).toBe(404);
    const changed = await call('PUT', url, gov, { status: 'Partially Treated' });
    expect(changed.json().data.status).toBe('Partially Treated');
    const statusNotes = await mine('admin@example.com', 'complaint_status');
    expect(statusNotes.at(-1)?.params).toEqual({ id: filed.json().data.id, status: 'Partially Treated' });
    const history = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'complaint'), eq(auditLog.action, 'complaint.status')));
    expect(history.at(-1)).toMatchObject({ before: { status: 'Not Treated' }, after: { status: 'Partially Treated' } });

    await t.app.passengers.registerPassenger({ first_name: 'Nina', last_name: 'New', phone_number: '+37799000111' });
    const alerts = await mine('admin@example.com', 'new_passenger');
    expect(alerts.at(-1)?.params).toEqual({ name: 'Nina New', docs: 'Without Docs' });
    expect(await mine('gov@example.com', 'new_passenger')).toHaveLength(0);
  });
});

describe('the bell and AllNotifications: 401 → 422 → 403 → success', () => {
  it('counts unread, filters, and marks read (only one’s own)', async () => {
    const sup = await login(t.app, 'supervisor@example.com');
    const supId = await idOf('supervisor@example.com');
    const airport = await login(t.app, 'airport@example.com');
    for (let i = 0; i < 3; i++) await t.app.notifications.create({ userId: supId, message: `note ${i}` });
    const other = await t.app.notifications.raise({
      kind: 'general',
      template: 'not yours',
      userIds: [await idOf('gov@example.com')],
    });
    expect(other).toHaveLength(1);

    expect((await call('GET', 'notification/unread_count', null)).statusCode).toBe(401);
    expect((await call('GET', 'notification?kind=nope', sup)).statusCode).toBe(422);
    expect((await call('GET', 'notification?from=31-12-2026', sup)).statusCode).toBe(422);
    expect((await call('GET', 'notification/unread_count', airport)).statusCode).toBe(403);
    expect((await call('PUT', 'notification/read', sup, { ids: [] })).statusCode).toBe(422);
    expect((await call('PUT', 'notification/read', sup, { all: false })).statusCode).toBe(422);

    const before = (await call('GET', 'notification/unread_count', sup)).json().data.unread;
    expect(before).toBeGreaterThanOrEqual(3);
    const general = (await call('GET', 'notification?kind=general&perPage=10', sup)).json().data;
    expect(general.data.map((n: NotificationItem) => n.message)).toEqual(['note 2', 'note 1', 'note 0']);

    // Marking someone else's id changes nothing.
    const [theirs] = await t.db.select().from(notifications).where(eq(notifications.message, 'not yours'));
    const none = await call('PUT', 'notification/read', sup, { ids: [theirs.id] });
    expect(none.json().data).toEqual({ marked: 0, unread: before });

    const one = await call('PUT', 'notification/read', sup, { ids: [general.data[0].id] });
    expect(one.json().data).toEqual({ marked: 1, unread: before - 1 });
    const unreadOnly = (await call('GET', 'notification?kind=general&unread=1', sup)).json().data;
    expect(unreadOnly.data.map((n: NotificationItem) => n.message)).toEqual(['note 1', 'note 0']);
    const readOnly = (await call('GET', 'notification?kind=general&unread=0', sup)).json().data;
    expect(readOnly.data.map((n: NotificationItem) => n.message)).toEqual(['note 2']);

    const all = await call('PUT', 'notification/read', sup, { all: true });
    expect(all.json().data.unread).toBe(0);
    expect((await call('GET', 'notification/unread_count', sup)).json().data.unread).toBe(0);
    const [still] = await t.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(still.readAt).toBeNull();
  });
});
