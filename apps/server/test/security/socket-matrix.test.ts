/**
 * The event × role matrix: every pushed event is raised for real (through the API, the services and the jobs that
 * raise it in the product) while every demo role has its consoles connected, and each role must receive it exactly
 * as the declared table says (socket-table.ts). On PostgreSQL with Redis the roles' sockets are on a second node
 * and the events are raised on the first, so what crosses nodes is checked too.
 *
 * Absence is asserted by order, not by waiting: once the admin consoles (on every node) have received the event,
 * every node sends a marker after it to every socket, and a socket that has its markers has everything sent before.
 */
import { randomBytes } from 'node:crypto';
import {
  CHAT_NAMESPACE,
  CLIENT_EVENTS,
  decodeLocationBatch,
  EVENT_POLICY,
  EVENTS,
  type LocationBatchBytes,
  MAP_CENTER,
} from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { bookings, users } from '../../src/db/schema';
import { besoinExpireJob } from '../../src/modules/bookings/jobs/besoin-expire';
import { lateCaptainJob } from '../../src/modules/bookings/jobs/late-captain';
import { makeBooking, makeCaptain, makePassenger } from '../factories';
import { bearer, buildTestApp, listenOnLoopback, login, type TestApp } from '../helpers';
import { ROLE_LETTERS, type RoleLetter } from './access-table';
import { SOCKET_ACCESS, type SocketCase } from './socket-table';

const REDIS_URL = process.env.TEST_REDIS_URL;
const onPostgres = process.env.TAXI_TEST_DB === 'postgres';
if (onPostgres && process.env.CI && !REDIS_URL)
  throw new Error('CI runs the socket matrix on two nodes: set TEST_REDIS_URL');
/** Two nodes on PostgreSQL with Redis; one on PGlite. */
const twoNodes = onPostgres && !!REDIS_URL;
const prefix = `test-${randomBytes(4).toString('hex')}`;
const LETTERS = Object.keys(ROLE_LETTERS) as RoleLetter[];
const MARKER = 'test:marker';
/** A passenger's contact that only the roles reading passengers may see in a booking. */
const SECRET_PHONE = '+33699001122';

interface Received {
  event: string;
  payload: unknown;
}

/** One role's consoles: the main socket and the chat socket, and what each received. */
interface Console {
  letter: RoleLetter | 'observer';
  token: string;
  userId: number;
  main: Socket | null;
  chat: Socket | null;
  received: Received[];
  /** The markers each of its sockets received. */
  markers: Map<Socket, Set<string>>;
}

let a: TestApp;
let b: FastifyInstance | null = null;
const consoles = new Map<RoleLetter, Console>();
/** The admin consoles that must have received an event before the markers go: one per node. */
const observers: Console[] = [];
const nodes = () => [a.app, ...(b ? [b] : [])];
let marker = 0;

function open(base: string, namespace: string, token: string): Promise<Socket | null> {
  const socket = io(`${base}${namespace}`, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', () => {
      socket.close();
      resolve(null);
    });
  });
}

async function connectConsole(letter: Console['letter'], email: string, base: string): Promise<Console> {
  const token = await login(a.app, email);
  const [user] = await a.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const chatTokenRes = await a.app.inject({ method: 'GET', url: '/api/generate_chat_token', headers: bearer(token) });
  const c: Console = {
    letter,
    token,
    userId: user.id,
    main: await open(base, '', token),
    chat: chatTokenRes.statusCode === 200 ? await open(base, CHAT_NAMESPACE, chatTokenRes.json().data) : null,
    received: [],
    markers: new Map(),
  };
  for (const socket of [c.main, c.chat]) {
    if (!socket) continue;
    const seen = new Set<string>();
    c.markers.set(socket, seen);
    socket.onAny((event: string, payload: unknown) => {
      if (event === MARKER) seen.add(String(payload));
      else c.received.push({ event, payload });
    });
  }
  return c;
}

const allConsoles = () => [...consoles.values(), ...observers.filter((o) => o.letter === 'observer')];

/** Resolves once `done` holds, checking on every socket message (a hang guard fails it after 15 s). */
function until(done: () => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (done()) {
        clearInterval(timer);
        clearTimeout(guard);
        resolve();
      }
    }, 10);
    const guard = setTimeout(() => {
      clearInterval(timer);
      reject(new Error(`timed out waiting for ${what}`));
    }, 15_000);
  });
}

/**
 * Every node sends a marker after what it has sent: through the adapter (what a node emits to every node) and to
 * its own sockets (what each node emits locally, the positions), on both namespaces. Resolves once every socket
 * has every marker.
 */
async function markAll(): Promise<void> {
  const global = `g${++marker}`;
  const locals = nodes().map((_, i) => `l${marker}.${i}`);
  for (const nsp of ['/', CHAT_NAMESPACE]) {
    (a.app.realtime.io.of(nsp).emit as (e: string, p: unknown) => boolean)(MARKER, global);
    for (const [i, node] of nodes().entries())
      (node.realtime.io.of(nsp).local.emit as (e: string, p: unknown) => boolean)(MARKER, locals[i]);
  }
  // Each socket has the marker sent through the adapter and its own node's.
  await until(
    () =>
      allConsoles().every((c) =>
        [...c.markers.values()].every((seen) => seen.has(global) && locals.some((l) => seen.has(l))),
      ),
    'the markers',
  );
}

/** The letters whose consoles received a matching event since `from` (an index into each console's log). */
function receivers(event: string, match: (payload: never) => boolean, from: Map<Console, number>): string {
  return LETTERS.filter((letter) => {
    const c = consoles.get(letter);
    if (!c) return false;
    return c.received.slice(from.get(c) ?? 0).some((r) => r.event === event && match(r.payload as never));
  }).join('');
}

const marks = () => new Map(allConsoles().map((c) => [c, c.received.length]));

/**
 * Raises an event and returns who received it: `raise` makes it happen, `match` picks this raise's payload, and the
 * observers' receipt (every node's admin console) says it was sent.
 */
async function whoReceives(
  event: string,
  match: (payload: never) => boolean,
  raise: () => Promise<unknown>,
): Promise<{ letters: string; payloads: Map<RoleLetter, unknown> }> {
  const from = marks();
  await raise();
  await until(
    () =>
      observers.every((o) =>
        o.received.slice(from.get(o) ?? 0).some((r) => r.event === event && match(r.payload as never)),
      ),
    `${event} at the admin consoles`,
  );
  await markAll();
  const payloads = new Map<RoleLetter, unknown>();
  for (const letter of LETTERS) {
    const c = consoles.get(letter);
    const got = c?.received.slice(from.get(c) ?? 0).find((r) => r.event === event && match(r.payload as never));
    if (got) payloads.set(letter, got.payload);
  }
  return { letters: receivers(event, match, from), payloads };
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  a.app.inject({
    method,
    url: `/api/${url}`,
    headers: bearer(consoles.get('A')?.token ?? ''),
    ...(payload ? { payload } : {}),
  });

/** An online captain reporting near the map centre (the AI proposes captains the dispatch engine knows). */
async function captainAt(dLon: number) {
  const { captain } = await makeCaptain(a.db, { lastLon: MAP_CENTER[0] + dLon, lastLat: MAP_CENTER[1] });
  await a.app.locations.setOnline(captain.id, true);
  a.app.locations.report(captain.id, MAP_CENTER[0] + dLon, MAP_CENTER[1]);
  return captain;
}

/** This booking's payload: a booking (its id) or about one (its booking_id; a popup's id is the suggestion's). */
const byBooking = (id: number) => (p: { id?: number; booking_id?: number }) => (p.booking_id ?? p.id) === id;

beforeAll(async () => {
  const env: Record<string, string> = twoNodes ? { REDIS_URL: REDIS_URL as string, REDIS_PREFIX: prefix } : {};
  a = await buildTestApp({ env });
  const baseA = await listenOnLoopback(a.app);
  let roleBase = baseA;
  if (twoNodes) {
    const config = loadConfig({ ...env, APP_ENV: 'development', DATA_DIR: a.config.dataDir, LOG_LEVEL: 'silent' });
    b = await buildApp({ config, db: a.db, logger: false });
    await b.ready();
    roleBase = await listenOnLoopback(b);
  }
  for (const letter of LETTERS) consoles.set(letter, await connectConsole(letter, ROLE_LETTERS[letter], roleBase));
  observers.push(consoles.get('A') as Console);
  if (twoNodes) observers.push(await connectConsole('observer', ROLE_LETTERS.A, baseA));
}, 120_000);

afterAll(async () => {
  for (const c of allConsoles()) {
    c.main?.close();
    c.chat?.close();
  }
  await b?.close();
  if (twoNodes) {
    const redis = new Redis(REDIS_URL as string);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
  await a?.close();
});

describe(`socket × role matrix (${twoNodes ? 'two nodes: the roles on B, the events raised on A' : 'one node'})`, () => {
  const results = new Map<SocketCase, string>();
  const expectRow = (name: SocketCase, letters: string) => {
    results.set(name, letters);
    expect({ [name]: letters }).toEqual({ [name]: SOCKET_ACCESS[name] });
  };

  it('the airport and partner desks have no socket; every other role has its consoles', () => {
    const withSocket = LETTERS.filter((l) => consoles.get(l)?.main).join('');
    const withChat = LETTERS.filter((l) => consoles.get(l)?.chat).join('');
    expect(withSocket).toBe('ADCGS');
    expect(withChat).toBe('ADCS');
  });

  it('every event of the product has a row, and every row an event', () => {
    const cases = Object.keys(SOCKET_ACCESS);
    for (const event of Object.keys(EVENT_POLICY)) expect(cases).toContain(event);
    for (const event of ['chat:message', 'chat:read']) expect(cases).toContain(event);
  });

  it('bookings, their notices and their passengers', async () => {
    const passenger = await makePassenger(a.db, { phoneNumber: SECRET_PHONE, lastName: 'Matrixson' });
    const { captain } = await makeCaptain(a.db);
    const contactOf = (p: unknown) => (p as { passenger?: { phone_number?: string } }).passenger?.phone_number;
    const withContact = new Set<string>();
    const note = (payloads: Map<RoleLetter, unknown>) => {
      for (const [letter, p] of payloads) if (contactOf(p) === SECRET_PHONE) withContact.add(letter);
    };

    const created = await whoReceives(
      EVENTS.newBooking,
      (p: { passenger: { id: number } }) => p.passenger.id === passenger.id,
      async () => {
        const res = await call('POST', 'bookings', {
          passenger_id: passenger.id,
          service_id: 2,
          pickup: { name: 'Casino Square', lon: MAP_CENTER[0], lat: MAP_CENTER[1] },
          now: false,
          datetime: '2031-06-01 10:00',
          origin: 'phone',
        });
        expect(res.statusCode).toBe(201);
      },
    );
    expectRow('new booking', created.letters);
    note(created.payloads);

    const booking = await makeBooking(a.db, { passengerId: passenger.id });
    const touched = await whoReceives(EVENTS.updateBooking, byBooking(booking.id), () =>
      call('PUT', `booking/${booking.id}/touch`),
    );
    expectRow('update booking', touched.letters);
    note(touched.payloads);

    const status = await whoReceives(EVENTS.bookingStatusUpdate, byBooking(booking.id), () =>
      call('PUT', `dispatch/${booking.id}/${captain.id}`),
    );
    expectRow('booking status update', status.letters);
    note(status.payloads);
    expectRow('booking events with the passenger’s contact', LETTERS.filter((l) => withContact.has(l)).join(''));

    const late = await makeBooking(a.db);
    expectRow(
      'late booking',
      (await whoReceives(EVENTS.lateBooking, byBooking(late.id), () => call('POST', `bookings/dev/late/${late.id}`)))
        .letters,
    );

    const past = new Date(Date.now() - 60 * 60_000);
    const lateRide = await makeBooking(a.db, { datetime: past, now: false });
    const { captain: lateCaptain } = await makeCaptain(a.db);
    expect((await call('PUT', `dispatch/${lateRide.id}/${lateCaptain.id}`)).statusCode).toBe(200);
    const [ride] = await a.db.select({ rideId: bookings.rideId }).from(bookings).where(eq(bookings.id, lateRide.id));
    expectRow(
      'late captain',
      (
        await whoReceives(EVENTS.lateCaptain, byBooking(lateRide.id), () =>
          lateCaptainJob(
            a.app.bookings.deps,
            a.app.realtime,
          )({ booking_id: lateRide.id, ride_id: ride.rideId as number }),
        )
      ).letters,
    );

    const besoin = await makeBooking(a.db, { besoin: true, besoinDate: new Date(Date.now() + 60_000) });
    expectRow(
      'renew besoin',
      (await whoReceives(EVENTS.renewBesoin, byBooking(besoin.id), () => call('POST', `besoin/renew/${besoin.id}`)))
        .letters,
    );
    const expiring = await makeBooking(a.db, { besoin: true, besoinDate: new Date(Date.now() - 1000) });
    expectRow(
      'expired besoin',
      (
        await whoReceives(EVENTS.expiredBesoin, byBooking(expiring.id), () =>
          besoinExpireJob(a.app.bookings.deps)({ booking_id: expiring.id }),
        )
      ).letters,
    );
  });

  it('offers, AI popups and their answers', async () => {
    const captain = await captainAt(0.003);
    const offered = await makeBooking(a.db);
    expectRow(
      'Dashboard:booking_suggestion_sent',
      (
        await whoReceives(EVENTS.bookingSuggestionSent, byBooking(offered.id), () =>
          a.app.bookings.offer(offered.id, captain.id, new Date(Date.now() + 30_000)),
        )
      ).letters,
    );
    expectRow(
      'Dashboard:booking_suggestion_available',
      (
        await whoReceives(EVENTS.bookingSuggestionAvailable, byBooking(offered.id), () =>
          a.app.ai.answerOffer(captain.id, offered.id, false),
        )
      ).letters,
    );

    const now = await makeBooking(a.db);
    expectRow(
      'Ai:new_now_booking',
      (await whoReceives(EVENTS.aiNewNowBooking, byBooking(now.id), () => a.app.ai.propose(now.id, captain.id)))
        .letters,
    );
    const soon = await makeBooking(a.db, { now: false, datetime: new Date(Date.now() + 5 * 60_000) });
    const other = await captainAt(0.004);
    expectRow(
      'Ai:new_suggestion',
      (await whoReceives(EVENTS.aiNewSuggestion, byBooking(soon.id), () => a.app.ai.propose(soon.id, other.id)))
        .letters,
    );

    const from = marks();
    const passed = await whoReceives(EVENTS.aiPassSuggestion, byBooking(now.id), async () => {
      expect((await call('POST', `booking/${now.id}/let_ai_dispatch_it`)).statusCode).toBe(200);
    });
    expectRow('Ai:pass_suggestion', passed.letters);
    expectRow('Ai:pass_booking', receivers(EVENTS.aiPassBooking, byBooking(now.id), from));
  });

  it('a new passenger to approve', async () => {
    const phone = '+33677001122';
    const got = await whoReceives(
      EVENTS.newPassenger,
      (p: { passenger: { phone_number: string } }) => p.passenger.phone_number === phone,
      () =>
        a.app.passengers.registerPassenger({
          first_name: 'New',
          last_name: 'Matrix',
          phone_number: phone,
          id_card_front: { filename: 'front.png', mimetype: 'image/png', data: PNG },
        }),
    );
    expectRow('Dashboard:new_passenger', got.letters);

    // Claimed on one console: every approver's console marks it taken.
    const passengerId = (
      (await call('GET', 'passengers/approvals')).json().data.passengers as {
        passenger: { id: number; phone_number: string };
      }[]
    ).find((item) => item.passenger.phone_number === phone)?.passenger.id as number;
    const claimed = await whoReceives(
      EVENTS.approvalUpdated,
      (p: { passenger_id: number; claim: unknown }) => p.passenger_id === passengerId && p.claim !== null,
      async () => expect((await call('POST', `passengers/${passengerId}/claim`)).statusCode).toBe(200),
    );
    expectRow('Passengers:approval_updated', claimed.letters);
  });

  it('positions: the fleet to the tracking map, one followed captain to whoever may read its position', async () => {
    const { captain: fleet } = await makeCaptain(a.db);
    const has = (id: number) => (bytes: LocationBatchBytes) =>
      decodeLocationBatch(bytes).some((u) => u.captain_id === id);
    expectRow(
      'captain_location_updated',
      (
        await whoReceives(EVENTS.captainLocationUpdated, has(fleet.id), async () =>
          a.app.locations.report(fleet.id, MAP_CENTER[0] + 0.001, MAP_CENTER[1], 90, 20),
        )
      ).letters,
    );

    const { captain: followed } = await makeCaptain(a.db);
    const answers: string[] = [];
    for (const letter of LETTERS) {
      const socket = consoles.get(letter)?.main;
      if (!socket) continue;
      const { ok } = await socket.emitWithAck(CLIENT_EVENTS.followCaptain, { captain_id: followed.id });
      if (ok) answers.push(letter);
    }
    expect(answers.join('')).toBe('ADCGS');
    expectRow(
      'captain_location_updated (a followed captain)',
      (
        await whoReceives(EVENTS.captainLocationUpdated, has(followed.id), async () =>
          a.app.locations.report(followed.id, MAP_CENTER[0] - 0.001, MAP_CENTER[1], 180, 30),
        )
      ).letters,
    );
    // A follower gets its captain only, never the fleet.
    const { captain: another } = await makeCaptain(a.db);
    const still = await whoReceives(EVENTS.captainLocationUpdated, has(another.id), async () => {
      a.app.locations.report(another.id, MAP_CENTER[0], MAP_CENTER[1] + 0.001, 0, 10);
    });
    expect(still.letters).toBe(SOCKET_ACCESS.captain_location_updated);
  });

  it('tickets', async () => {
    let ticketId = 0;
    const raised = await whoReceives(
      EVENTS.newTicket,
      (p: { id: number }) => p.id === ticketId,
      async () => {
        const res = await call('POST', 'tickets/dev/raise', {});
        expect(res.statusCode).toBe(200);
        ticketId = res.json().data.id;
      },
    );
    expectRow('new ticket', raised.letters);
    expectRow(
      'dismiss ticket',
      (
        await whoReceives(
          EVENTS.dismissTicket,
          (p: { ticket_id: number }) => p.ticket_id === ticketId,
          () => call('PUT', `tickets/${ticketId}/assign`),
        )
      ).letters,
    );
  });

  it('events for one user: notifications, the AI status, the self-test', async () => {
    const admin = consoles.get('A') as Console;
    /**
     * Raised for each role's user, then for the admin: the admin's receipt says the role's was sent before it.
     * `mine` tells this raise's payload for that user.
     */
    const forEachRole = async (
      event: string,
      raiseFor: (c: Console, nonce: string) => Promise<unknown>,
      mine: (payload: unknown, c: Console, nonce: string) => boolean,
    ) => {
      const got: string[] = [];
      for (const letter of LETTERS) {
        const c = consoles.get(letter) as Console;
        const nonce = randomBytes(6).toString('hex');
        const from = marks();
        const since = (x: Console) => x.received.slice(from.get(x) ?? 0);
        await raiseFor(c, nonce);
        const adminNonce = randomBytes(6).toString('hex');
        if (letter !== 'A') await raiseFor(admin, adminNonce);
        const adminsNonce = letter === 'A' ? nonce : adminNonce;
        await until(
          () => observers.every((o) => since(o).some((r) => r.event === event && mine(r.payload, admin, adminsNonce))),
          `${event} at the admin consoles`,
        );
        await markAll();
        if (since(c).some((r) => r.event === event && mine(r.payload, c, nonce))) got.push(letter);
      }
      return got.join('');
    };

    expectRow(
      'new notification',
      await forEachRole(
        EVENTS.newNotification,
        (c, nonce) => a.app.notifications.create({ userId: c.userId, message: nonce }),
        (p, _c, nonce) => (p as { message?: string }).message === nonce,
      ),
    );
    expectRow(
      'AI status updated',
      await forEachRole(
        EVENTS.aiStatusUpdated,
        (c) => a.app.users.setAiStatus(c.userId, { ai_stopped: '0' }),
        (p, c) => (p as { user_id?: number }).user_id === c.userId,
      ),
    );
    // The self-test as each role: those who may run it get theirs; for the others the server is made to address
    // them anyway (the socket's own filter answers).
    expectRow(
      'System:self_test',
      await forEachRole(
        EVENTS.selfTest,
        async (c, nonce) => {
          const res = await a.app.inject({ method: 'POST', url: '/api/system/self_test', headers: bearer(c.token) });
          if (res.statusCode === 403) a.app.realtime.emitToUser(c.userId, EVENTS.selfTest, { nonce });
        },
        // Only the self-test sends it, to the one who ran it (its nonce is the server's).
        () => true,
      ),
    );
  });

  it('the chat: messages and receipts to the inbox’s readers', async () => {
    const { captain } = await makeCaptain(a.db);
    const body = `matrix ${randomBytes(4).toString('hex')}`;
    let conversationId = 0;
    const message = await whoReceives(
      'chat:message',
      (p: { body?: string; conversation_id: number }) => p.body === body,
      async () => {
        const res = await call('POST', 'chat/dev/app_message', { from: 'captain', id: captain.id, body });
        expect(res.statusCode).toBe(200);
        conversationId = res.json().data.conversation_id;
      },
    );
    expectRow('chat:message', message.letters);
    expectRow(
      'chat:read',
      (
        await whoReceives(
          'chat:read',
          (p: { conversation_id: number }) => p.conversation_id === conversationId,
          async () => expect((await call('PUT', `conversations/${conversationId}/read`, {})).statusCode).toBe(200),
        )
      ).letters,
    );
  });

  afterAll(() => {
    const rows = [...results.entries()].map(([k, v]) => `${k}: ${v || '-'}`);
    console.log(
      `socket matrix (${twoNodes ? 'two nodes' : 'one node'}): ${results.size} events × ${LETTERS.length} roles\n  ${rows.join('\n  ')}`,
    );
  });
});

/** A 1×1 PNG (the ID card image a new passenger's wizard needs). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
