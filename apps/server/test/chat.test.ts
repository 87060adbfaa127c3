import {
  CHAT_EVENTS,
  CHAT_MSG,
  CHAT_NAMESPACE,
  EVENTS,
  NOTIFICATION_TEMPLATES,
  type NotificationItem,
} from '@taxi/shared';
import { and, eq } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, rides, users } from '../src/db/schema';
import { answerReminder } from '../src/modules/chat/reminders';
import { makeBooking, makeCaptain, makePassenger } from './factories';
import { apiCaller, bearer, listeningAppForFile, login, multipart, nextEvent, PinnableClock } from './helpers';

const clock = new PinnableClock();
const t = listeningAppForFile({ clock });
const MIN = 60_000;
const chatSockets: ReturnType<typeof io>[] = [];
afterAll(() => {
  for (const s of chatSockets) s.disconnect();
});

const call = apiCaller(() => t.app);

async function userId(email: string) {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}

/** The chat connection as the console opens it: the chat token, on the chat namespace. */
async function chatSocket(token: string) {
  const chatToken = (await call('GET', 'generate_chat_token', token)).json().data as string;
  const socket = io(`${t.base}${CHAT_NAMESPACE}`, {
    path: '/socket.io',
    auth: { token: chatToken },
    transports: ['websocket'],
    reconnection: false,
  });
  chatSockets.push(socket);
  return socket;
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('conversations: 401 → 422 → 403 → success', () => {
  it('a captain writes; the inbox lists it unread; staff reply with text and an image; receipts move', async () => {
    const [disp, gov, airport] = await Promise.all([
      login(t.app, 'dispatcher@example.com'),
      login(t.app, 'gov@example.com'),
      login(t.app, 'airport@example.com'),
    ]);
    const { captain } = await makeCaptain(t.db, { firstName: 'Ali', lastName: 'Chatter' });
    const conversationId = await t.app.chat.open('captain', { captainId: captain.id });
    await t.app.chat.send({ kind: 'captain', id: captain.id }, conversationId, { body: 'Where is the passenger?' });
    await t.app.chat.send({ kind: 'captain', id: captain.id }, conversationId, { body: 'Still waiting' });

    expect((await call('GET', 'conversations', null)).statusCode).toBe(401);
    expect((await call('GET', 'conversations?kind=robot', disp)).statusCode).toBe(422);
    expect((await call('GET', 'conversations', gov)).statusCode).toBe(403);
    expect((await call('GET', 'conversations', airport)).statusCode).toBe(403);

    const inbox = (await call('GET', 'conversations?search=Chatter', disp)).json().data;
    expect(inbox.total).toBe(1);
    expect(inbox.data[0]).toMatchObject({
      id: conversationId,
      kind: 'captain',
      title: 'Ali Chatter',
      unread: 2,
      last_message: { body: 'Still waiting', sender_kind: 'captain', sender_name: 'Ali Chatter' },
    });

    // Sending: empty → 422, too long → 422, a PDF as "image" → 422, Goverment → 403.
    const url = `conversations/${conversationId}/messages`;
    expect((await call('POST', url, disp, { body: '   ' })).json().errors).toHaveProperty('body');
    expect((await call('POST', url, disp, { body: 'x'.repeat(2001) })).statusCode).toBe(422);
    const pdf = multipart({ file: { filename: 'a.png', type: 'image/png', data: Buffer.from('%PDF-1.4 fake') } });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/${url}`,
      headers: { ...bearer(disp), ...pdf.headers },
      payload: pdf.payload,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.file).toEqual([CHAT_MSG.attachmentKind]);
    expect((await call('POST', url, gov, { body: 'hello' })).statusCode).toBe(403);

    const text = await call('POST', url, disp, { body: 'On it, calling them now' });
    expect(text.statusCode).toBe(200);
    expect(text.json().data).toMatchObject({ sender_kind: 'user', body: 'On it, calling them now' });
    const image = multipart({ body: 'Here', file: { filename: 'p.png', type: 'image/png', data: PNG } });
    const withImage = await t.app.inject({
      method: 'POST',
      url: `/api/${url}`,
      headers: { ...bearer(disp), ...image.headers },
      payload: image.payload,
    });
    expect(withImage.statusCode).toBe(200);
    const attachment = withImage.json().data.attachment as string;
    expect(withImage.json().data.attachment_kind).toBe('image');
    // The file is served to the inbox's readers only.
    expect((await call('GET', `files/${attachment}`, disp)).statusCode).toBe(200);
    expect((await call('GET', `files/${attachment}`, gov)).statusCode).toBe(403);

    // Replying reads what came before it; each reader has their own receipt: the supervisor still has 2.
    expect((await call('GET', `conversations/${conversationId}`, disp)).json().data.unread).toBe(0);
    const sup = await login(t.app, 'supervisor@example.com');
    expect((await call('GET', `conversations/${conversationId}`, sup)).json().data.unread).toBe(2);
    expect((await call('PUT', `conversations/${conversationId}/read`, sup, { message_id: 'x' })).statusCode).toBe(422);
    const read = await call('PUT', `conversations/${conversationId}/read`, sup, {});
    expect(read.json().data.unread).toBe(0);

    // The captain app reads: the console sees the receipt.
    await t.app.chat.markRead({ kind: 'captain', id: captain.id }, conversationId);
    const detail = (await call('GET', `conversations/${conversationId}`, disp)).json().data;
    const captainReceipt = detail.reads.find((r: { reader_kind: string }) => r.reader_kind === 'captain');
    expect(captainReceipt.last_read_message_id).toBe(withImage.json().data.id);

    const page = (await call('GET', `${url}?limit=2`, disp)).json().data;
    expect(page.data.map((m: { body: string }) => m.body)).toEqual(['On it, calling them now', 'Here']);
    expect(page.has_more).toBe(true);
    const older = (await call('GET', `${url}?limit=10&before=${page.data[0].id}`, disp)).json().data;
    expect(older.data.map((m: { body: string }) => m.body)).toEqual(['Where is the passenger?', 'Still waiting']);
    expect(older.has_more).toBe(false);
    expect((await call('GET', 'conversations/999999/messages', disp)).statusCode).toBe(404);
  });

  it('unread counts are exact; the poll sums the first pages in one call, as the pages say', async () => {
    const disp = await login(t.app, 'dispatcher@example.com');
    const gov = await login(t.app, 'gov@example.com');
    const passenger = await makePassenger(t.db, { firstName: 'Chatty' });
    const conversationId = await t.app.chat.open('passenger', { passengerId: passenger.id });
    const written = [];
    for (let i = 0; i < 120; i++)
      written.push(
        await t.app.chat.insertMessage(t.db, { kind: 'passenger', id: passenger.id }, conversationId, {
          body: `m${i}`,
        }),
      );
    expect((await call('GET', `conversations/${conversationId}`, disp)).json().data.unread).toBe(120);
    // Reading up to the 100th leaves 20; a staff reply in between does not count.
    const sup = await login(t.app, 'supervisor@example.com');
    expect((await call('POST', `conversations/${conversationId}/messages`, sup, { body: 'On it' })).statusCode).toBe(
      200,
    );
    await call('PUT', `conversations/${conversationId}/read`, disp, { message_id: written[99].id });
    expect((await call('GET', `conversations/${conversationId}`, disp)).json().data.unread).toBe(20);

    expect((await call('GET', 'conversations/unread', null)).statusCode).toBe(401);
    expect((await call('GET', 'conversations/unread?pages=5', disp)).statusCode).toBe(422);
    expect((await call('GET', 'conversations/unread', gov)).statusCode).toBe(403);
    expect((await call('GET', 'conversations?perPage=101', disp)).statusCode).toBe(422);
    let summed = 0;
    for (let page = 1; page <= 4; page++) {
      const rows = (await call('GET', `conversations?page=${page}&perPage=2`, disp)).json().data;
      for (const row of rows.data) summed += row.unread;
    }
    const poll = (await call('GET', 'conversations/unread?pages=4&perPage=2', disp)).json().data;
    expect(poll).toEqual({ unread: summed, pages: 4, per_page: 2 });
    const unreadOnly = (await call('GET', 'conversations?unread=1&perPage=100', disp)).json().data;
    expect(unreadOnly.data.every((c: { unread: number }) => c.unread > 0)).toBe(true);
  });

  it('opening a captain conversation twice gives one conversation; unknown captain is 404', async () => {
    const disp = await login(t.app, 'dispatcher@example.com');
    const { captain } = await makeCaptain(t.db);
    const [a, b] = await Promise.all([
      call('POST', `conversations/captain/${captain.id}`, disp),
      call('POST', `conversations/captain/${captain.id}`, disp),
    ]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect((await call('POST', 'conversations/captain/999999', disp)).statusCode).toBe(404);
  });
});

describe('the booking chat and the captain chat', () => {
  it('opens only for a booking that is not PENDING, not immediate, booked in the app', async () => {
    const disp = await login(t.app, 'dispatcher@example.com');
    const gov = await login(t.app, 'gov@example.com');
    const pending = await makeBooking(t.db);
    expect((await call('GET', `booking/${pending.id}/chat`, disp)).statusCode).toBe(409);
    const phone = await makeBooking(t.db, { status: 'APPROVED', now: false, origin: 'phone' });
    expect((await call('GET', `booking/${phone.id}/chat`, disp)).statusCode).toBe(409);
    const ok = await makeBooking(t.db, { status: 'APPROVED', now: false });
    expect((await call('GET', `booking/${ok.id}/chat`, gov)).statusCode).toBe(403);
    const chat = await call('GET', `booking/${ok.id}/chat`, disp);
    expect(chat.statusCode).toBe(200);
    expect(chat.json().data).toMatchObject({ kind: 'booking', booking_id: ok.id, passenger_id: ok.passengerId });
    expect((await call('GET', `booking/${ok.id}/chat`, disp)).json().data.id).toBe(chat.json().data.id);
  });

  it("the card's captain chat finds the ride's captain's conversation, 404 when there is none", async () => {
    const disp = await login(t.app, 'dispatcher@example.com');
    const { captain, car } = await makeCaptain(t.db);
    const [ride] = await t.db.insert(rides).values({ captainId: captain.id, carId: car?.id }).returning();
    const booking = await makeBooking(t.db, { status: 'ACCEPTED', rideId: ride.id });
    const none = await call('GET', `booking/${booking.id}/captain_conversation`, disp);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(CHAT_MSG.noCaptainConversation);
    const id = await t.app.chat.open('captain', { captainId: captain.id });
    expect((await call('GET', `booking/${booking.id}/captain_conversation`, disp)).json().data.id).toBe(id);
    // The card knows it: the ride's captain names the conversation (the captain chat action shows).
    const card = (await call('GET', `bookings/${booking.id}`, disp)).json().data;
    expect(card.ride.captain.conversation_id).toBe(String(id));
  });
});

describe('the chat connection', () => {
  it('delivers messages live with the chat token; refuses a forged, an expired or a logged-out token', async () => {
    const disp = await login(t.app, 'dispatcher@example.com');
    const socket = await chatSocket(disp);
    await nextEvent(socket, 'connect');
    const { captain } = await makeCaptain(t.db);
    const conversationId = await t.app.chat.open('captain', { captainId: captain.id });
    const live = nextEvent<{ body: string; conversation_id: number }>(socket, CHAT_EVENTS.message);
    await t.app.chat.send({ kind: 'captain', id: captain.id }, conversationId, { body: 'live one' });
    expect(await live).toMatchObject({ body: 'live one', conversation_id: conversationId });
    // The captain app reads it: the receipt moves live too.
    const receipt = nextEvent<{ reader_kind: string; conversation_id: number }>(socket, CHAT_EVENTS.read);
    await t.app.chat.markRead({ kind: 'captain', id: captain.id }, conversationId);
    expect(await receipt).toMatchObject({
      reader_kind: 'captain',
      reader_id: captain.id,
      conversation_id: conversationId,
    });

    const forged = io(`${t.base}${CHAT_NAMESPACE}`, {
      path: '/socket.io',
      auth: { token: 'e30.abc' },
      transports: ['websocket'],
      reconnection: false,
    });
    chatSockets.push(forged);
    expect((await nextEvent<Error>(forged, 'connect_error')).message).toBeTruthy();
    // The access token is not a chat token.
    const wrongKind = io(`${t.base}${CHAT_NAMESPACE}`, {
      path: '/socket.io',
      auth: { token: disp },
      transports: ['websocket'],
      reconnection: false,
    });
    chatSockets.push(wrongKind);
    await nextEvent<Error>(wrongKind, 'connect_error');

    // Logging out ends the chat connection of that session.
    const closed = nextEvent(socket, 'disconnect');
    await call('PUT', 'logout', disp);
    await closed;
    const afterLogout = io(`${t.base}${CHAT_NAMESPACE}`, {
      path: '/socket.io',
      auth: { token: (socket.auth as { token: string }).token },
      transports: ['websocket'],
      reconnection: false,
    });
    chatSockets.push(afterLogout);
    await nextEvent<Error>(afterLogout, 'connect_error');

    // An expired chat token is refused.
    const other = await login(t.app, 'supervisor@example.com');
    const token = (await call('GET', 'generate_chat_token', other)).json().data as string;
    clock.pinned = Date.now() + 24 * 3600_000;
    try {
      const late = io(`${t.base}${CHAT_NAMESPACE}`, {
        path: '/socket.io',
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
      });
      chatSockets.push(late);
      await nextEvent<Error>(late, 'connect_error');
    } finally {
      clock.pinned = null;
    }
  });
});

describe('reminders reach someone', () => {
  it('a dispatched reminder is a message to the captain; the answer is logged and notifies the sender', async () => {
    const disp = await login(t.app, 'dispatcher@example.com');
    const dispId = await userId('dispatcher@example.com');
    const { captain, car } = await makeCaptain(t.db);
    const [ride] = await t.db.insert(rides).values({ captainId: captain.id, carId: car?.id }).returning();
    const booking = await makeBooking(t.db, {
      status: 'ACCEPTED',
      rideId: ride.id,
      datetime: new Date(Date.now() - MIN),
    });
    expect((await call('POST', 'send_dispatched_reminder', disp, { booking_id: booking.id })).statusCode).toBe(200);

    const conversationId = await t.app.chat.captainConversation(captain.id);
    expect(conversationId).not.toBeNull();
    const { data } = await t.app.chat.messages(conversationId as number, { limit: 10 });
    const reminder = data.at(-1);
    expect(reminder).toMatchObject({ sender_kind: 'system', booking_id: booking.id });
    const delivered = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(booking.id)), eq(auditLog.action, 'reminder_delivered')));
    expect(delivered).toHaveLength(1);

    const socket = await t.connected(disp);
    const bell = nextEvent<NotificationItem>(socket, EVENTS.newNotification, (n) => n.kind === 'reminder_answered');
    await answerReminder(
      t.app,
      { kind: 'captain', id: captain.id },
      reminder as NonNullable<typeof reminder>,
      'On my way',
    );
    const note = await bell;
    expect(note).toMatchObject({
      template: NOTIFICATION_TEMPLATES.captainAnsweredReminder,
      params: { id: booking.id, answer: 'On my way' },
    });
    const answered = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(booking.id)), eq(auditLog.action, 'reminder_answered')));
    expect(answered[0].after).toMatchObject({ by: 'captain', answer: 'On my way' });
    const mine = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, dispId), eq(notifications.kind, 'reminder_answered')));
    expect(mine).toHaveLength(1);
  });

  it('a pending reminder is a message to the passenger', async () => {
    const disp = await login(t.app, 'dispatcher@example.com');
    const created = Date.now() - 20 * MIN;
    const booking = await makeBooking(t.db, { createdAt: new Date(created) });
    expect((await call('POST', 'send_pending_reminder', disp, { booking_id: booking.id })).statusCode).toBe(200);
    const inbox = (await call('GET', 'conversations?kind=passenger&perPage=100', disp)).json().data;
    const conversation = inbox.data.find((c: { passenger_id: number }) => c.passenger_id === booking.passengerId);
    expect(conversation.last_message).toMatchObject({ sender_kind: 'system', booking_id: booking.id });
  });
});

describe('a message while away', () => {
  it('notifies the offline staff who wrote in the conversation, once until read', async () => {
    const sup = await login(t.app, 'supervisor@example.com');
    const supId = await userId('supervisor@example.com');
    const { captain } = await makeCaptain(t.db, { firstName: 'Away', lastName: 'Test' });
    const conversationId = await t.app.chat.open('captain', { captainId: captain.id });
    expect(
      (await call('POST', `conversations/${conversationId}/messages`, sup, { body: 'Call me back' })).statusCode,
    ).toBe(200);
    await t.db.update(users).set({ online: false }).where(eq(users.id, supId));
    await t.app.chat.send({ kind: 'captain', id: captain.id }, conversationId, { body: 'Calling you' });
    await t.app.chat.send({ kind: 'captain', id: captain.id }, conversationId, { body: 'Again' });
    const rows = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, supId), eq(notifications.kind, 'message_while_away')));
    expect(rows).toHaveLength(1);
    expect(rows[0].params).toMatchObject({ name: 'Away Test', preview: 'Calling you' });
    expect(rows[0].link).toBe(`/messages?conversation=${conversationId}`);
  });
});
