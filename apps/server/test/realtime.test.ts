import { type ClientToServerEvents, EVENTS, MSG, type NotificationItem, type ServerToClientEvents } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { bearer, buildTestApp, listenOnLoopback, login, type TestApp } from './helpers';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  base = await listenOnLoopback(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});

function connect(token: string): Socket<ServerToClientEvents, ClientToServerEvents> {
  const socket = io(base, { path: '/socket.io', auth: { token }, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return socket;
}

const once = <T>(socket: Socket, event: string) =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event}`)), 5000);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });

it('a staff socket joins and receives new notification and AI status updated', async () => {
  const token = await login(t.app, 'dispatcher@example.com');
  const me = (await t.app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(token) })).json().data;
  const socket = connect(token);
  await once(socket, 'connect');

  const received = once<NotificationItem>(socket, EVENTS.newNotification);
  await t.app.notifications.create({ userId: me.id, message: 'Hello dispatcher', color: 'blue' });
  expect(await received).toMatchObject({ message: 'Hello dispatcher', color: 'blue' });

  const broadcast = once<NotificationItem>(socket, EVENTS.newNotification);
  await t.app.notifications.create({ userId: null, message: 'To everyone' });
  expect((await broadcast).message).toBe('To everyone');

  const ai = once<{ user_id: number; ai_status: { ai_stopped: string } }>(socket, EVENTS.aiStatusUpdated);
  await t.app.users.setAiStatus(me.id, { ai_stopped: '1' });
  expect(await ai).toMatchObject({ user_id: me.id, ai_status: { ai_stopped: '1' } });

  // Every console hears it, not only the user's own: a colleague's change reaches this socket too.
  const [colleague] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  const other = once<{ user_id: number }>(socket, EVENTS.aiStatusUpdated);
  await t.app.users.setAiStatus(colleague.id, { ai_stopped: '1' });
  expect(await other).toMatchObject({ user_id: colleague.id });
});

it('an airport user is refused a socket', async () => {
  const token = await login(t.app, 'airport@example.com');
  const socket = connect(token);
  const error = await once<Error>(socket, 'connect_error');
  expect(error.message).toBe(MSG.airportNoSocket);
});

it('a bad token is refused', async () => {
  const error = await once<Error>(connect('nope'), 'connect_error');
  expect(error.message).toBe(MSG.unauthenticated);
});
