import {
  EVENTS,
  FOLLOW_UP_TICKET_TYPE,
  MSG,
  NOTIFICATION_TEMPLATES,
  TICKET_MSG,
  type TicketDetailDto,
  type TicketDismissPayload,
  type TicketDto,
  type TicketTypeDto,
} from '@taxi/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, captains, notifications, passengers, tickets, users } from '../src/db/schema';
import { apiCaller, listeningAppForFile, loginAll, nextEvent } from './helpers';

const t = listeningAppForFile();
const call = apiCaller(() => t.app);

let admin: string;
let disp: string;
let call_: string;
let gov: string;
let airport: string;
let sup: string;
const ids: Record<string, number> = {};
let followUp: TicketTypeDto;
let field: { subjectType: number; person: number; text: number; user: number };
let passengerId: number;
let captainId: number;

beforeAll(async () => {
  [admin, disp, call_, gov, airport, sup] = await loginAll(
    t.app,
    'admin@example.com',
    'dispatcher@example.com',
    'callcenter@example.com',
    'gov@example.com',
    'airport@example.com',
    'supervisor@example.com',
  );
  for (const u of await t.db.select({ id: users.id, email: users.email }).from(users)) ids[u.email] = u.id;
  const types = (await call('GET', 'ticket_types', disp)).json().data as TicketTypeDto[];
  followUp = types.find((x) => x.title === FOLLOW_UP_TICKET_TYPE) as TicketTypeDto;
  const byKind = (kind: string) =>
    followUp.questions.flatMap((q) => q.fields).find((f) => f.kind === kind)?.id as number;
  field = { subjectType: byKind('subject_type'), person: byKind('person'), text: byKind('text'), user: byKind('user') };
  [{ id: passengerId }] = await t.db.select({ id: passengers.id }).from(passengers).limit(1);
  [{ id: captainId }] = await t.db.select({ id: captains.id }).from(captains).limit(1);
}, 60_000);

const followUpBody = (extra: Record<string, unknown> = {}) => ({
  ticket_type_id: followUp.id,
  last_question_id: followUp.questions.at(-1)?.id,
  answers: { [`question_${field.subjectType}`]: 'passenger', [`question_${field.text}`]: 'Asked for a call back.' },
  passenger_id: passengerId,
  ...extra,
});

async function newPending(): Promise<TicketDto> {
  const res = await call('POST', 'tickets', disp, followUpBody());
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('GET ticket_types', () => {
  it('401 → 403 → the types with ordered questions and fields', async () => {
    expect((await call('GET', 'ticket_types', null)).statusCode).toBe(401);
    expect((await call('GET', 'ticket_types', airport)).statusCode).toBe(403);
    const res = await call('GET', 'ticket_types', gov);
    expect(res.statusCode).toBe(200);
    const titles = (res.json().data as TicketTypeDto[]).map((x) => x.title);
    expect(titles).toEqual(expect.arrayContaining(['Follow-up', 'Lost item', 'Late captain', 'Rude behaviour']));
    expect(followUp.questions.map((q) => q.fields[0].kind)).toEqual(['subject_type', 'person', 'text', 'user']);
    expect(followUp.questions.map((q) => q.position)).toEqual([1, 2, 3, 4]);
  });
});

describe('POST tickets', () => {
  it('401 without a token', async () => {
    expect((await call('POST', 'tickets', null, followUpBody())).statusCode).toBe(401);
  });
  it("422 'This Field is required' on every required field left empty", async () => {
    const res = await call('POST', 'tickets', disp, { ticket_type_id: followUp.id, answers: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(TICKET_MSG.fieldRequired);
    expect(res.json().errors).toEqual({
      [`question_${field.subjectType}`]: [TICKET_MSG.fieldRequired],
      [`question_${field.person}`]: [TICKET_MSG.fieldRequired],
      [`question_${field.text}`]: [TICKET_MSG.fieldRequired],
    });
    // Blank text is no answer.
    const blank = await call('POST', 'tickets', disp, followUpBody({ answers: { [`question_${field.text}`]: '   ' } }));
    expect(blank.json().errors[`question_${field.text}`]).toEqual([TICKET_MSG.fieldRequired]);
  });
  it('422 with field errors for a bad type, an unknown person, user or field and malformed input', async () => {
    const noType = await call('POST', 'tickets', disp, { answers: {} });
    expect(noType.statusCode).toBe(422);
    expect(noType.json().errors.ticket_type_id).toBeDefined();
    const unknownType = await call('POST', 'tickets', disp, followUpBody({ ticket_type_id: 999_999 }));
    expect(unknownType.json().errors).toEqual({ ticket_type_id: [TICKET_MSG.unknownType] });
    const person = await call('POST', 'tickets', disp, followUpBody({ passenger_id: 999_999 }));
    expect(person.statusCode).toBe(422);
    expect(person.json().errors).toEqual({ [`question_${field.person}`]: [TICKET_MSG.unknownPerson] });
    const user = await call('POST', 'tickets', disp, followUpBody({ user_id: 999_999 }));
    expect(user.json().errors).toEqual({ [`question_${field.user}`]: [TICKET_MSG.unknownUser] });
    const stray = await call('POST', 'tickets', disp, followUpBody({ answers: { question_999999: 'x' } }));
    expect(stray.statusCode).toBe(422);
    expect(stray.json().errors.question_999999).toEqual([TICKET_MSG.unknownField]);
    const badKey = await call('POST', 'tickets', disp, followUpBody({ answers: { nope: 'x' } }));
    expect(badKey.statusCode).toBe(422);
    const choice = await call(
      'POST',
      'tickets',
      disp,
      followUpBody({
        passenger_id: undefined,
        answers: { [`question_${field.subjectType}`]: 'martian', [`question_${field.text}`]: 'x' },
      }),
    );
    expect(choice.json().errors[`question_${field.subjectType}`]).toEqual([TICKET_MSG.notAChoice]);
    const question = await call('POST', 'tickets', disp, followUpBody({ last_question_id: 999_999 }));
    expect(question.json().errors).toEqual({ last_question_id: [TICKET_MSG.unknownQuestion] });
  });
  it('403 for the Goverment and airport roles', async () => {
    expect((await call('POST', 'tickets', gov, followUpBody())).statusCode).toBe(403);
    expect((await call('POST', 'tickets', airport, followUpBody())).statusCode).toBe(403);
  });
  it("saves a PENDING ticket with 'Your ticket was saved', its answers, history and audit; resets the form's place", async () => {
    await call('PUT', 'tickets/follow_up_progress', disp, {
      id: followUp.id,
      last_question_id: followUp.questions[2].id,
      last_field_id: field.text,
    });
    const res = await call('POST', 'tickets', disp, followUpBody());
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(TICKET_MSG.saved);
    const ticket = res.json().data as TicketDto;
    expect(ticket).toMatchObject({
      type: { id: followUp.id, title: 'Follow-up' },
      author: { first_name: 'Dario', last_name: 'Dispatcher' },
      author_type: 'user',
      subject_type: 'passenger',
      subject_id: passengerId,
      status: 'PENDING',
      assignee: null,
    });
    expect(new Date(ticket.sla_due_at as string).getTime() - new Date(ticket.created_at).getTime()).toBe(
      followUp.sla_minutes * 60_000,
    );
    const detail = (await call('GET', `tickets/${ticket.id}`, disp)).json().data as TicketDetailDto;
    expect(detail.answers.map((a) => [a.kind, a.value])).toEqual([
      ['subject_type', 'passenger'],
      ['person', String(passengerId)],
      ['text', 'Asked for a call back.'],
    ]);
    expect(detail.answers[1].display).toBe(ticket.subject);
    expect(detail.last_question_id).toBe(followUp.questions.at(-1)?.id);
    expect(detail.history.map((h) => h.action)).toEqual(['created']);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.create'), eq(auditLog.entityId, String(ticket.id))));
    expect(audit).toHaveLength(1);
    const me = (await call('GET', 'check_auth', disp)).json().data;
    expect(me.settings.FOLLOW_UP_TICKET).toEqual({ id: null, last_question_id: null, last_field_id: null });
  });
  it('a captain as subject, and a named assignee makes it ASSIGNED at once', async () => {
    const res = await call(
      'POST',
      'tickets',
      call_,
      followUpBody({
        passenger_id: null,
        captain_id: captainId,
        user_id: ids['supervisor@example.com'],
        answers: { [`question_${field.subjectType}`]: 'captain', [`question_${field.text}`]: 'Rude.' },
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      subject_type: 'captain',
      subject_id: captainId,
      status: 'ASSIGNED',
      assignee: { id: ids['supervisor@example.com'], name: 'Sofia Supervisor' },
    });
  });
});

describe('PUT tickets/follow_up_progress', () => {
  const place = () => ({ id: followUp.id, last_question_id: followUp.questions[1].id, last_field_id: field.person });
  it('401 → 422 → 403 → saved in the user settings (check_auth)', async () => {
    expect((await call('PUT', 'tickets/follow_up_progress', null, place())).statusCode).toBe(401);
    const missing = await call('PUT', 'tickets/follow_up_progress', disp, {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['id', 'last_question_id', 'last_field_id']);
    const mismatch = await call('PUT', 'tickets/follow_up_progress', disp, { ...place(), last_field_id: field.text });
    expect(mismatch.json().errors).toEqual({ last_field_id: [TICKET_MSG.unknownField] });
    const [lost] = (await call('GET', 'ticket_types', disp))
      .json()
      .data.filter((x: TicketTypeDto) => x.title === 'Lost item');
    const otherType = await call('PUT', 'tickets/follow_up_progress', disp, { ...place(), id: lost.id });
    expect(otherType.json().errors).toEqual({ last_question_id: [TICKET_MSG.unknownQuestion] });
    expect((await call('PUT', 'tickets/follow_up_progress', gov, place())).statusCode).toBe(403);
    const res = await call('PUT', 'tickets/follow_up_progress', disp, place());
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(place());
    const me = (await call('GET', 'check_auth', disp)).json().data;
    expect(me.settings.FOLLOW_UP_TICKET).toEqual(place());
    // Someone else's place is untouched.
    const other = (await call('GET', 'check_auth', call_)).json().data;
    expect(other.settings.FOLLOW_UP_TICKET).toEqual({ id: null, last_question_id: null, last_field_id: null });
  });
});

describe('GET tickets/pending (the new-ticket queue)', () => {
  it('401 → 403 → the PENDING tickets oldest first', async () => {
    expect((await call('GET', 'tickets/pending', null)).statusCode).toBe(401);
    expect((await call('GET', 'tickets/pending', gov)).statusCode).toBe(403);
    const a = await newPending();
    const b = await newPending();
    const res = await call('GET', 'tickets/pending', disp);
    expect(res.statusCode).toBe(200);
    const queue = res.json().data as { tickets: TicketDto[]; total: number };
    expect(queue.tickets.every((x) => x.status === 'PENDING')).toBe(true);
    const order = queue.tickets.map((x) => x.id);
    expect(order.indexOf(a.id)).toBeLessThan(order.indexOf(b.id));
    expect(order).toEqual([...order].sort((x, y) => x - y));
    const [{ n }] = await t.db.$count(tickets, eq(tickets.status, 'PENDING')).then((n) => [{ n }]);
    expect(queue.total).toBe(n);
  });
});

describe('PUT tickets/{id}/assign', () => {
  it('401 → 422 → 403 → assigned to me; a second taker gets 409; unknown 404', async () => {
    const ticket = await newPending();
    expect((await call('PUT', `tickets/${ticket.id}/assign`, null)).statusCode).toBe(401);
    const bad = await call('PUT', 'tickets/abc/assign', disp);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.id).toBeDefined();
    expect((await call('PUT', `tickets/${ticket.id}/assign`, gov)).statusCode).toBe(403);
    expect((await call('PUT', `tickets/${ticket.id}/assign`, airport)).statusCode).toBe(403);
    const res = await call('PUT', `tickets/${ticket.id}/assign`, disp);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(TICKET_MSG.assigned);
    expect(res.json().data).toMatchObject({ status: 'ASSIGNED', assignee: { id: ids['dispatcher@example.com'] } });
    const again = await call('PUT', `tickets/${ticket.id}/assign`, call_);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TICKET_MSG.alreadyTaken);
    expect((await call('PUT', 'tickets/999999/assign', disp)).statusCode).toBe(404);
    const detail = (await call('GET', `tickets/${ticket.id}`, disp)).json().data as TicketDetailDto;
    expect(detail.history.at(-1)).toMatchObject({
      action: 'assigned',
      from_status: 'PENDING',
      to_status: 'ASSIGNED',
      assignee: 'Dario Dispatcher',
      actor: 'Dario Dispatcher',
    });
  });
  it('two operators at once: exactly one wins, the other gets 409', async () => {
    for (let round = 0; round < 3; round++) {
      const ticket = await newPending();
      const results = await Promise.all([
        call('PUT', `tickets/${ticket.id}/assign`, disp),
        call('PUT', `tickets/${ticket.id}/assign`, call_),
        call('PUT', `tickets/${ticket.id}/assign`, sup),
      ]);
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409]);
      const winner = results.find((r) => r.statusCode === 200)?.json().data.assignee.id;
      const [row] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(row.assigneeId).toBe(winner);
      const detail = (await call('GET', `tickets/${ticket.id}`, disp)).json().data as TicketDetailDto;
      expect(detail.history.filter((h) => h.action === 'assigned')).toHaveLength(1);
    }
  });
});

describe('PUT tickets/{id}/reassign and status, POST comments', () => {
  it('reassign: 401 → 422 → 403 → reassigned (a pending one leaves the queue)', async () => {
    const ticket = await newPending();
    const url = `tickets/${ticket.id}/reassign`;
    expect((await call('PUT', url, null, { user_id: ids['admin@example.com'] })).statusCode).toBe(401);
    const missing = await call('PUT', url, disp, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.user_id).toEqual([TICKET_MSG.fieldRequired]);
    const unknown = await call('PUT', url, disp, { user_id: 999_999 });
    expect(unknown.json().errors).toEqual({ user_id: [TICKET_MSG.unknownUser] });
    expect((await call('PUT', url, gov, { user_id: ids['admin@example.com'] })).statusCode).toBe(403);
    const res = await call('PUT', url, sup, { user_id: ids['callcenter@example.com'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ASSIGNED', assignee: { id: ids['callcenter@example.com'] } });
    const queue = (await call('GET', 'tickets/pending', disp)).json().data.tickets as TicketDto[];
    expect(queue.some((x) => x.id === ticket.id)).toBe(false);
  });
  it('status: 401 → 422 → 403 → moves by the rules; a refused move is 409', async () => {
    const ticket = await newPending();
    const url = `tickets/${ticket.id}/status`;
    expect((await call('PUT', url, null, { status: 'RESOLVED' })).statusCode).toBe(401);
    const bad = await call('PUT', url, disp, { status: 'DONE' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.status).toBeDefined();
    expect((await call('PUT', url, gov, { status: 'RESOLVED' })).statusCode).toBe(403);
    // A pending ticket is taken first.
    expect((await call('PUT', url, disp, { status: 'RESOLVED' })).statusCode).toBe(409);
    await call('PUT', `tickets/${ticket.id}/assign`, disp);
    for (const status of ['IN_PROGRESS', 'RESOLVED', 'CLOSED'] as const) {
      const res = await call('PUT', url, disp, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe(status);
    }
    expect((await call('PUT', url, disp, { status: 'IN_PROGRESS' })).statusCode).toBe(409);
    expect(
      (await call('PUT', `tickets/${ticket.id}/reassign`, disp, { user_id: ids['admin@example.com'] })).statusCode,
    ).toBe(409);
    const detail = (await call('GET', `tickets/${ticket.id}`, disp)).json().data as TicketDetailDto;
    expect(detail.history.map((h) => h.to_status)).toEqual([
      'PENDING',
      'ASSIGNED',
      'IN_PROGRESS',
      'RESOLVED',
      'CLOSED',
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'ticket'), eq(auditLog.entityId, String(ticket.id))));
    expect(audits.map((a) => a.action)).toEqual([
      'ticket.create',
      'ticket.assign',
      'ticket.status',
      'ticket.status',
      'ticket.status',
    ]);
  });
  it('comments: 401 → 422 → 403 → 404 → added and listed on the ticket', async () => {
    const ticket = await newPending();
    const url = `tickets/${ticket.id}/comments`;
    expect((await call('POST', url, null, { body: 'hi' })).statusCode).toBe(401);
    const empty = await call('POST', url, disp, { body: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.body).toEqual([TICKET_MSG.fieldRequired]);
    expect((await call('POST', url, gov, { body: 'hi' })).statusCode).toBe(403);
    expect((await call('POST', 'tickets/999999/comments', disp, { body: 'hi' })).statusCode).toBe(404);
    const res = await call('POST', url, disp, { body: 'Called the passenger back.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ author: 'Dario Dispatcher', body: 'Called the passenger back.' });
    const detail = (await call('GET', `tickets/${ticket.id}`, gov)).json().data as TicketDetailDto;
    expect(detail.comments.map((c) => c.body)).toEqual(['Called the passenger back.']);
  });
});

describe('GET tickets (monitoring) and GET tickets/{id}', () => {
  it('401 → 422 → 403 → filtered pages', async () => {
    expect((await call('GET', 'tickets', null)).statusCode).toBe(401);
    const bad = await call('GET', 'tickets?status=NOPE&perPage=0', disp);
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['perPage', 'status']);
    expect((await call('GET', 'tickets', airport)).statusCode).toBe(403);
    const all = await call('GET', 'tickets?perPage=5', gov);
    expect(all.statusCode).toBe(200);
    const page = all.json().data;
    expect(page.per_page).toBe(5);
    expect(page.data.map((x: TicketDto) => x.id)).toEqual(
      [...page.data.map((x: TicketDto) => x.id)].sort((a, b) => b - a),
    );
    const [{ n }] = [{ n: await t.db.$count(tickets) }];
    expect(page.total).toBe(n);

    const assigned = (await call('GET', 'tickets?status=ASSIGNED&perPage=100', disp)).json().data.data as TicketDto[];
    expect(assigned.length).toBeGreaterThan(0);
    expect(assigned.every((x) => x.status === 'ASSIGNED')).toBe(true);
    const mine = (await call('GET', `tickets?assignee_id=${ids['dispatcher@example.com']}&perPage=100`, disp)).json()
      .data.data as TicketDto[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((x) => x.assignee?.id === ids['dispatcher@example.com'])).toBe(true);
    const byType = (await call('GET', `tickets?type_id=${followUp.id}&perPage=100`, disp)).json().data
      .data as TicketDto[];
    expect(byType.every((x) => x.type.id === followUp.id)).toBe(true);
  });
  it('age and overdue filters follow the clock', async () => {
    const now = Date.now();
    const [old] = await t.db
      .update(tickets)
      .set({ createdAt: new Date(now - 5 * 3600_000), slaDueAt: new Date(now - 3600_000) })
      .where(eq(tickets.id, (await newPending()).id))
      .returning();
    const aged = (await call('GET', 'tickets?age=4&perPage=100', disp)).json().data.data as TicketDto[];
    expect(aged.some((x) => x.id === old.id)).toBe(true);
    expect(aged.every((x) => now - new Date(x.created_at).getTime() >= 4 * 3600_000)).toBe(true);
    const overdue = (await call('GET', 'tickets?overdue=1&perPage=100', disp)).json().data.data as TicketDto[];
    expect(overdue.some((x) => x.id === old.id)).toBe(true);
    for (const x of overdue) {
      expect(['PENDING', 'ASSIGNED', 'IN_PROGRESS']).toContain(x.status);
      expect(new Date(x.sla_due_at as string).getTime()).toBeLessThan(Date.now());
    }
    const dues = overdue.map((x) => new Date(x.sla_due_at as string).getTime());
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
  });
  it('GET tickets/{id}: 401 → 422 → 403 → 404 → the ticket', async () => {
    const ticket = await newPending();
    expect((await call('GET', `tickets/${ticket.id}`, null)).statusCode).toBe(401);
    expect((await call('GET', 'tickets/0', disp)).statusCode).toBe(422);
    expect((await call('GET', `tickets/${ticket.id}`, airport)).statusCode).toBe(403);
    const missing = await call('GET', 'tickets/999999', disp);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TICKET_MSG.notFound);
    expect((await call('GET', `tickets/${ticket.id}`, disp)).json().data).toMatchObject({
      id: ticket.id,
      status: 'PENDING',
    });
  });
});

describe('realtime and notifications', () => {
  it("'new ticket' reaches the takers' consoles (not the Goverment role), 'dismiss ticket' all of them; the bell too", async () => {
    const [dSock, sSock, gSock] = await Promise.all([t.connected(disp), t.connected(sup), t.connected(gov)]);
    // Airport roles have no socket at all (shell.md §6).
    const refused = await nextEvent<Error>(t.socket(airport), 'connect_error');
    expect(refused.message).toBe(MSG.airportNoSocket);

    let govGot = 0;
    gSock.on(EVENTS.newTicket, () => govGot++);
    gSock.on(EVENTS.dismissTicket, () => govGot++);
    const [bookingRow] = await t.db.select({ id: passengers.id }).from(passengers).limit(1);
    const gotD = nextEvent<TicketDto>(dSock, EVENTS.newTicket);
    const gotS = nextEvent<TicketDto>(sSock, EVENTS.newTicket);
    const raised = await t.app.tickets.raiseFromApp({
      typeTitle: 'Lost item',
      author: { type: 'passenger', id: bookingRow.id },
      subject: { type: 'captain', id: captainId },
      bookingId: null,
      text: 'I left my phone in the car.',
    });
    const [d, s] = await Promise.all([gotD, gotS]);
    expect(d).toEqual(raised);
    expect(s.id).toBe(raised.id);
    expect(d).toMatchObject({
      status: 'PENDING',
      author_type: 'passenger',
      type: { title: 'Lost item' },
      subject_type: 'captain',
    });

    // The notification rows: one per taker, none for the Goverment or airport users.
    await expect
      .poll(async () =>
        (
          await t.db
            .select({ userId: notifications.userId })
            .from(notifications)
            .where(and(eq(notifications.kind, 'new_ticket'), eq(notifications.link, `/ticket/${raised.id}`)))
        )
          .map((r) => r.userId)
          .sort(),
      )
      .toEqual(
        ['admin@example.com', 'dispatcher@example.com', 'callcenter@example.com', 'supervisor@example.com']
          .map((e) => ids[e])
          .sort(),
      );
    const [row] = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.kind, 'new_ticket'),
          eq(notifications.userId, ids['dispatcher@example.com']),
          inArray(notifications.link, [`/ticket/${raised.id}`]),
        ),
      );
    expect(row.template).toBe(NOTIFICATION_TEMPLATES.newTicket);
    expect(row.params).toEqual({ id: raised.id, type: 'Lost item' });

    const dismissD = nextEvent<TicketDismissPayload>(dSock, EVENTS.dismissTicket);
    const dismissS = nextEvent<TicketDismissPayload>(sSock, EVENTS.dismissTicket);
    expect((await call('PUT', `tickets/${raised.id}/assign`, sup)).statusCode).toBe(200);
    const expected = { ticket_id: raised.id, status: 'ASSIGNED', assignee_id: ids['supervisor@example.com'] };
    expect(await dismissD).toEqual(expected);
    expect(await dismissS).toEqual(expected);
    // A ticket written already assigned never queues: no 'new ticket'.
    let extra = 0;
    dSock.on(EVENTS.newTicket, () => extra++);
    await call('POST', 'tickets', disp, followUpBody({ user_id: ids['admin@example.com'] }));
    await new Promise((r) => setTimeout(r, 300));
    expect(extra).toBe(0);
    expect(govGot).toBe(0);
  });
  it('the dev route raises one from a ride as the simulator does (loopback, development)', async () => {
    expect((await call('POST', 'tickets/dev/raise', null, {})).statusCode).toBe(401);
    expect((await call('POST', 'tickets/dev/raise', disp, { kind: 'nope' })).statusCode).toBe(422);
    expect((await call('POST', 'tickets/dev/raise', gov, {})).statusCode).toBe(403);
    const res = await call('POST', 'tickets/dev/raise', admin, { kind: 'late_captain' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'PENDING',
      type: { title: 'Late captain' },
      subject_type: 'captain',
    });
  });
});
