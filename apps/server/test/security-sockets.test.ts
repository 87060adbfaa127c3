import {
  CHAT_EVENTS,
  CHAT_NAMESPACE,
  decodeLocationBatch,
  EVENTS,
  type LocationBatchBytes,
  MAP_CENTER,
  MSG,
} from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, permissions, users } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/db/seed';
import { originChecker } from '../src/realtime';
import { makeCaptain } from './factories';
import { bearer, type ClientSocket, listeningAppForFile, login, nextEvent } from './helpers';

/** Issue 9, finding 4: sockets live no longer than their session; foreign pages get none. */

const t = listeningAppForFile();
let admin: string;
let seq = 0;

beforeAll(async () => {
  admin = await login(t.app, 'admin@example.com');
});

/** A socket client of its own connection (not multiplexed with the file's others). */
const connect = (token: string, options: Partial<ManagerOptions & SocketOptions> = {}) =>
  t.socket(token, { forceNew: true, ...options });

const waitFor = <T = unknown>(socket: ClientSocket, event: string, ms = 5000) =>
  nextEvent<T>(socket, event, undefined, ms);

const connected = (token: string) => t.connected(token, { forceNew: true });

/** A new role with these permissions (by name). */
async function newRole(names: string[]): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/roles',
    headers: bearer(admin),
    payload: { name: `Sockets role ${++seq}`, permissions: await permissionIds(names) },
  });
  if (res.statusCode !== 200) throw new Error(`create role failed: ${res.body}`);
  return res.json().data.id as number;
}

const permissionIds = async (names: string[]) =>
  (await t.db.select().from(permissions)).filter((p) => names.includes(p.name)).map((p) => p.id);

const setRolePermissions = async (role: number, names: string[]) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/roles/${role}`,
    headers: bearer(admin),
    payload: { permissions: await permissionIds(names) },
  });

/** A new staff member with this role and password DEMO_PASSWORD. */
async function newStaff(roleId = 2): Promise<{ id: number; email: string }> {
  const email = `sockets.${++seq}@example.com`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user',
    headers: bearer(admin),
    payload: { first_name: 'Sid', last_name: `Socket${seq}`, email, password: DEMO_PASSWORD, roles: [roleId] },
  });
  if (res.statusCode !== 200) throw new Error(`create staff failed: ${res.body}`);
  return { id: res.json().data.id as number, email };
}

/** Sends the user a notification and says whether this socket got it within `ms`. */
async function receivesNotification(socket: ClientSocket, userId: number, ms = 400): Promise<boolean> {
  const got = waitFor(socket, EVENTS.newNotification, ms).then(
    () => true,
    () => false,
  );
  await t.app.notifications.create({ userId, message: `ping ${++seq}` });
  return got;
}

describe('a socket is disconnected when its session ends', () => {
  it('after PUT /api/logout the socket is disconnected at once and receives nothing', async () => {
    const user = await newStaff();
    const token = await login(t.app, user.email);
    const socket = await connected(token);
    expect(await receivesNotification(socket, user.id)).toBe(true);

    const gone = waitFor<string>(socket, 'disconnect');
    const res = await t.app.inject({ method: 'PUT', url: '/api/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(await receivesNotification(socket, user.id)).toBe(false);

    // And it cannot come back with the revoked token.
    const again = connect(token);
    expect((await waitFor<Error>(again, 'connect_error')).message).toBe(MSG.unauthenticated);
  });

  it('a single logout disconnects only that session’s sockets', async () => {
    const user = await newStaff();
    const [a, b] = [await login(t.app, user.email), await login(t.app, user.email)];
    const [sa, sb] = [await connected(a), await connected(b)];
    const gone = waitFor<string>(sa, 'disconnect');
    await t.app.inject({ method: 'PUT', url: '/api/logout', headers: bearer(a) });
    expect(await gone).toBe('io server disconnect');
    expect(sb.connected).toBe(true);
    expect(await receivesNotification(sb, user.id)).toBe(true);
  });

  const endings: { name: string; end: (user: { id: number }, token: string) => Promise<number> }[] = [
    {
      name: 'logout everywhere',
      end: async (_user, token) =>
        (await t.app.inject({ method: 'PUT', url: '/api/logout_all', headers: bearer(token) })).statusCode,
    },
    {
      name: 'an admin ending the sessions',
      end: async (user) =>
        (await t.app.inject({ method: 'DELETE', url: `/api/user/${user.id}/sessions`, headers: bearer(admin) }))
          .statusCode,
    },
    {
      name: 'a password change by an admin',
      end: async (user) =>
        (
          await t.app.inject({
            method: 'PUT',
            url: `/api/user/${user.id}`,
            headers: bearer(admin),
            payload: { password: 'N3w#Passw0rd' },
          })
        ).statusCode,
    },
    {
      name: 'a deactivation',
      end: async (user) =>
        (
          await t.app.inject({
            method: 'PUT',
            url: `/api/user/${user.id}`,
            headers: bearer(admin),
            payload: { active: false },
          })
        ).statusCode,
    },
    {
      name: 'deleting the user',
      end: async (user) =>
        (await t.app.inject({ method: 'DELETE', url: `/api/user/${user.id}`, headers: bearer(admin) })).statusCode,
    },
    {
      name: 'a role change',
      end: async (user) =>
        (
          await t.app.inject({
            method: 'PUT',
            url: `/api/user/${user.id}`,
            headers: bearer(admin),
            payload: { roles: [3] },
          })
        ).statusCode,
    },
  ];

  for (const { name, end } of endings) {
    it(`${name} disconnects every socket of the user`, async () => {
      const user = await newStaff();
      const [a, b] = [await login(t.app, user.email), await login(t.app, user.email)];
      const [sa, sb] = [await connected(a), await connected(b)];
      const gone = Promise.all([waitFor<string>(sa, 'disconnect'), waitFor<string>(sb, 'disconnect')]);
      expect(await end(user, a)).toBe(200);
      expect(await gone).toEqual(['io server disconnect', 'io server disconnect']);
      // (A deleted user can be sent nothing at all.)
      if (name !== 'deleting the user') expect(await receivesNotification(sa, user.id)).toBe(false);
    });
  }

  it('changing one’s own password keeps this session’s socket and disconnects the others', async () => {
    const user = await newStaff(5);
    const [mine, other] = [await login(t.app, user.email), await login(t.app, user.email)];
    const [sMine, sOther] = [await connected(mine), await connected(other)];
    const gone = waitFor<string>(sOther, 'disconnect');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${user.id}`,
      headers: bearer(mine),
      payload: { password: 'N3w#Passw0rd' },
    });
    expect(res.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(sMine.connected).toBe(true);
    expect(await receivesNotification(sMine, user.id)).toBe(true);
  });

  it('a socket is disconnected when its token expires', async () => {
    const user = await newStaff();
    const token = await login(t.app, user.email);
    await t.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() + 1500) })
      .where(eq(accessTokens.userId, user.id));
    const socket = await connected(token);
    expect(await waitFor<string>(socket, 'disconnect', 5000)).toBe('io server disconnect');
  });
});

describe('connection-state recovery re-checks the token', () => {
  /**
   * Opens a recovering socket, lets it receive one event (the client asks for recovery only once it
   * holds an offset), drops its transport as a network cut would, and waits for the server to notice.
   */
  async function droppedSocket(token: string, userId: number) {
    const socket = connect(token, { reconnection: true, reconnectionDelay: 1500, randomizationFactor: 0 });
    await waitFor(socket, 'connect');
    expect(await receivesNotification(socket, userId, 2000)).toBe(true);
    const id = socket.id;
    const dropped = waitFor<string>(socket, 'disconnect');
    socket.io.engine.close(); // the server sees the transport close, as on a network cut
    expect(await dropped).toBe('forced close');
    // Give the server a moment to see the close and keep the session for recovery.
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Every message the next transport carries, before the client library buffers or drops it.
    const wire: string[] = [];
    socket.io.once('open', () => socket.io.engine.on('packet', (p) => wire.push(String(p.data ?? ''))));
    return { socket, id, wire };
  }

  it('a socket whose token is still valid recovers its state (control)', async () => {
    const user = await newStaff();
    const token = await login(t.app, user.email);
    const { socket, id, wire } = await droppedSocket(token, user.id);
    const missed = waitFor(socket, EVENTS.newNotification, 6000);
    await t.app.notifications.create({ userId: user.id, message: 'while away' });
    await waitFor(socket, 'connect', 6000);
    expect(socket.recovered).toBe(true);
    expect(socket.id).toBe(id);
    await missed;
    expect(wire.some((m) => m.includes('while away'))).toBe(true);
  });

  it('a socket whose token was revoked while it was away is not restored and gets no missed event', async () => {
    const user = await newStaff();
    const token = await login(t.app, user.email);
    const { socket, wire } = await droppedSocket(token, user.id);
    let leaked = false;
    socket.on(EVENTS.newNotification, () => {
      leaked = true;
    });
    const out = await t.app.inject({ method: 'PUT', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    await t.app.notifications.create({ userId: user.id, message: 'after logout' });
    const error = await waitFor<Error>(socket, 'connect_error', 6000);
    expect(error.message).toBe(MSG.unauthenticated);
    expect(socket.connected).toBe(false);
    expect(socket.recovered).toBe(false);
    socket.disconnect();
    expect(leaked).toBe(false);
    // Not even on the wire: Socket.IO replays missed events before its middlewares run.
    expect(wire.some((m) => m.includes('after logout'))).toBe(false);
  });

  it('a deactivated user’s socket is not restored either', async () => {
    const user = await newStaff();
    const token = await login(t.app, user.email);
    const { socket } = await droppedSocket(token, user.id);
    // Straight in the database: no request, so nothing but the recovery check stands in the way.
    await t.db.update(users).set({ active: false }).where(eq(users.id, user.id));
    const error = await waitFor<Error>(socket, 'connect_error', 6000);
    expect(error.message).toBe(MSG.unauthenticated);
    expect(socket.recovered).toBe(false);
    socket.disconnect();
  });
});

/**
 * Every namespace re-authenticates on recovery: the chat connection (opened with a chat token naming its session)
 * is restored only while that session lives, and a console whose rights changed while it was away starts afresh
 * in the rooms its rights give now.
 */
describe('recovery on every namespace, and rights that change', () => {
  let seqChat = 0;
  const chatOf = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/generate_chat_token', headers: bearer(token) })).json()
      .data as string;
  const captainId = async () => (await makeCaptain(t.db)).captain.id;
  /** A captain's message in the inbox (the captain app writing), returned with its text. */
  async function appMessage(captain: number): Promise<string> {
    const body = `chat ${++seqChat} ${Date.now()}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/dev/app_message',
      headers: bearer(admin),
      payload: { from: 'captain', id: captain, body },
    });
    expect(res.statusCode).toBe(200);
    return body;
  }

  /** A recovering chat socket that has one message (so an offset) and whose transport then dropped. */
  async function droppedChat(token: string, captain: number) {
    const chat = io(`${t.base}${CHAT_NAMESPACE}`, {
      path: '/socket.io',
      auth: { token: await chatOf(token) },
      transports: ['websocket'],
      forceNew: true,
      reconnection: true,
      reconnectionDelay: 1500,
      randomizationFactor: 0,
    });
    opened.push(chat);
    await waitFor(chat as ClientSocket, 'connect');
    const first = waitFor(chat as ClientSocket, CHAT_EVENTS.message);
    await appMessage(captain);
    await first;
    const dropped = waitFor<string>(chat as ClientSocket, 'disconnect');
    chat.io.engine.close();
    expect(await dropped).toBe('forced close');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const wire: string[] = [];
    chat.io.once('open', () => chat.io.engine.on('packet', (p) => wire.push(String(p.data ?? ''))));
    return { chat, wire };
  }
  const opened: Socket[] = [];
  afterAll(() => {
    for (const s of opened) s.disconnect();
  });

  it('a chat socket whose session is live recovers its missed message (control)', async () => {
    const user = await newStaff();
    const token = await login(t.app, user.email);
    const captain = await captainId();
    const { chat, wire } = await droppedChat(token, captain);
    const missed = waitFor<{ body: string }>(chat as ClientSocket, CHAT_EVENTS.message, 6000);
    const body = await appMessage(captain);
    await waitFor(chat as ClientSocket, 'connect', 6000);
    expect(chat.recovered).toBe(true);
    expect((await missed).body).toBe(body);
    expect(wire.some((m) => m.includes(body))).toBe(true);
  });

  it('after logout, a chat socket coming back with its old offset is refused and gets no missed message', async () => {
    const user = await newStaff();
    const token = await login(t.app, user.email);
    const captain = await captainId();
    const { chat, wire } = await droppedChat(token, captain);
    let leaked = false;
    chat.on(CHAT_EVENTS.message, () => {
      leaked = true;
    });
    expect((await t.app.inject({ method: 'PUT', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    const body = await appMessage(captain);
    const error = await waitFor<Error>(chat as ClientSocket, 'connect_error', 6000);
    expect(error.message).toBe(MSG.unauthenticated);
    expect(chat.recovered).toBe(false);
    chat.disconnect();
    expect(leaked).toBe(false);
    expect(wire.some((m) => m.includes(body))).toBe(false);
  });

  it('a chat socket whose role lost the inbox while away is not restored, and is refused', async () => {
    const role = await newRole(['DISPATCHING', 'MESSAGES']);
    const user = await newStaff(role);
    const token = await login(t.app, user.email);
    const captain = await captainId();
    const { chat, wire } = await droppedChat(token, captain);
    expect((await setRolePermissions(role, ['DISPATCHING'])).statusCode).toBe(200);
    const body = await appMessage(captain);
    const error = await waitFor<Error>(chat as ClientSocket, 'connect_error', 6000);
    expect(error.message).toBe(MSG.forbidden);
    expect(chat.recovered).toBe(false);
    chat.disconnect();
    expect(wire.some((m) => m.includes(body))).toBe(false);
  });

  it('a role’s edit moves its holders’ connected sockets at once: no more positions without MONITORING', async () => {
    const role = await newRole(['DISPATCHING', 'MONITORING']);
    const user = await newStaff(role);
    const socket = await connected(await login(t.app, user.email));
    const { captain } = await makeCaptain(t.db);
    const positions = (id: number) => (bytes: LocationBatchBytes) =>
      decodeLocationBatch(bytes).some((u) => u.captain_id === id);
    const first = nextEvent(socket, EVENTS.captainLocationUpdated, positions(captain.id));
    t.app.locations.report(captain.id, MAP_CENTER[0], MAP_CENTER[1]);
    await first;

    expect((await setRolePermissions(role, ['DISPATCHING'])).statusCode).toBe(200);
    const after: number[] = [];
    socket.on(EVENTS.captainLocationUpdated, (bytes) =>
      after.push(...decodeLocationBatch(bytes).map((u) => u.captain_id)),
    );
    t.app.locations.report(captain.id, MAP_CENTER[0] + 0.001, MAP_CENTER[1]);
    // Ordered after the report's batch: a notification to the user, sent once the next batch has gone.
    t.app.locations.flushFanout();
    expect(await receivesNotification(socket, user.id, 2000)).toBe(true);
    expect(after).not.toContain(captain.id);
    expect(socket.connected).toBe(true);

    // And back: the permission given again, the positions come again.
    expect((await setRolePermissions(role, ['DISPATCHING', 'MONITORING'])).statusCode).toBe(200);
    const again = nextEvent(socket, EVENTS.captainLocationUpdated, positions(captain.id));
    t.app.locations.report(captain.id, MAP_CENTER[0] + 0.002, MAP_CENTER[1]);
    await again;
  });
});

describe('the handshake’s Origin', () => {
  it('a foreign Origin is refused; the server’s own origin and no Origin (non-browser) are accepted', async () => {
    const token = await login(t.app, 'dispatcher@example.com');
    const foreign = connect(token, { extraHeaders: { origin: 'https://evil.example' } });
    const error = await waitFor<Error>(foreign, 'connect_error');
    expect(foreign.connected).toBe(false);
    expect(String(error.message)).not.toBe('');

    const polling = connect(token, { transports: ['polling'], extraHeaders: { origin: 'https://evil.example' } });
    await waitFor<Error>(polling, 'connect_error');
    expect(polling.connected).toBe(false);

    const own = connect(token, { extraHeaders: { origin: t.base } });
    await waitFor(own, 'connect');
    const none = connect(token);
    await waitFor(none, 'connect');
  });

  it('the configured origins are accepted; loopback pages only in development', () => {
    const prod = originChecker('https://console.example.com, https://ops.example.com/', false);
    const req = (origin: string | undefined, host = 'api.internal:8080') => ({ headers: { origin, host } });
    expect(prod(req('https://console.example.com'))).toBe(true);
    expect(prod(req('https://ops.example.com'))).toBe(true);
    expect(prod(req('https://console.example.com.evil.example'))).toBe(false);
    expect(prod(req('http://console.example.com'))).toBe(false);
    expect(prod(req('https://evil.example'))).toBe(false);
    expect(prod(req('null'))).toBe(false);
    expect(prod(req('http://localhost:5173'))).toBe(false);
    expect(prod(req('http://api.internal:8080'))).toBe(true);
    expect(prod(req(undefined))).toBe(true);
    const dev = originChecker(undefined, true);
    expect(dev(req('http://localhost:5173'))).toBe(true);
    expect(dev(req('http://127.0.0.1:5173'))).toBe(true);
    expect(dev(req('https://evil.example'))).toBe(false);
  });
});
