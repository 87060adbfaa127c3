import { EVENT_POLICY, EVENTS, MSG, type NotificationItem } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { checkEventPolicies } from '../src/realtime/policy';
import { bearer, listeningAppForFile, login, nextEvent } from './helpers';

const t = listeningAppForFile();

it('a staff socket joins and receives new notification and AI status updated', async () => {
  const token = await login(t.app, 'dispatcher@example.com');
  const me = (await t.app.inject({ method: 'GET', url: '/api/check_auth', headers: bearer(token) })).json().data;
  const socket = t.socket(token);
  await nextEvent(socket, 'connect');

  const received = nextEvent<NotificationItem>(socket, EVENTS.newNotification);
  await t.app.notifications.create({ userId: me.id, message: 'Hello dispatcher', color: 'blue' });
  expect(await received).toMatchObject({ message: 'Hello dispatcher', color: 'blue' });

  const broadcast = nextEvent<NotificationItem>(socket, EVENTS.newNotification);
  await t.app.notifications.create({ userId: null, message: 'To everyone' });
  expect((await broadcast).message).toBe('To everyone');

  const ai = nextEvent<{ user_id: number; ai_status: { ai_stopped: string } }>(socket, EVENTS.aiStatusUpdated);
  await t.app.users.setAiStatus(me.id, { ai_stopped: '1' });
  expect(await ai).toMatchObject({ user_id: me.id, ai_status: { ai_stopped: '1' } });

  // Only the user's own consoles hear it (EVENT_POLICY: recipients): a colleague's change comes before this
  // user's next one, and the next status this socket hears is its own.
  const [colleague] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  const next = nextEvent<{ user_id: number }>(socket, EVENTS.aiStatusUpdated);
  await t.app.users.setAiStatus(colleague.id, { ai_stopped: '1' });
  await t.app.users.setAiStatus(me.id, { ai_stopped: '0' });
  expect(await next).toMatchObject({ user_id: me.id });
});

it('an airport user is refused a socket', async () => {
  const token = await login(t.app, 'airport@example.com');
  const socket = t.socket(token);
  const error = await nextEvent<Error>(socket, 'connect_error');
  expect(error.message).toBe(MSG.airportNoSocket);
});

it('partner staff are refused a socket: the staff room carries every booking (tenant isolation)', async () => {
  const token = await login(t.app, 'hotel@example.com');
  const error = await nextEvent<Error>(t.socket(token), 'connect_error');
  expect(error.message).toBe(MSG.forbidden);
});

it('a bad token is refused', async () => {
  const error = await nextEvent<Error>(t.socket('nope'), 'connect_error');
  expect(error.message).toBe(MSG.unauthenticated);
});

it('the server refuses to start when an event has no rule, or a rule without a name', () => {
  const table = EVENT_POLICY as unknown as Record<string, unknown>;
  const kept = table[EVENTS.newTicket];
  try {
    delete table[EVENTS.newTicket];
    expect(() => checkEventPolicies()).toThrow(`Events without a rule: ${EVENTS.newTicket}`);
    table[EVENTS.newTicket] = { rule: { allows: () => true }, delivery: 'audience' };
    expect(() => checkEventPolicies()).toThrow(EVENTS.newTicket);
  } finally {
    table[EVENTS.newTicket] = kept;
  }
  expect(() => checkEventPolicies()).not.toThrow();
});
