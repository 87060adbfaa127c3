import { TICKET_TYPE_SOURCE as S, TICKET_SUBJECT_TYPES, type TicketFieldKind, type TicketStatus } from '@taxi/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import {
  captains,
  passengers,
  ticketAnswers,
  ticketFields,
  ticketHistory,
  ticketQuestions,
  tickets,
  ticketTypes,
  users,
} from '../schema';
import type { Seeder } from './index';

type FieldSpec = { kind: TicketFieldKind; label: string; required?: boolean; options?: string[] };
type TypeSpec = { title: string; slaMinutes: number; questions: { title: string; fields: FieldSpec[] }[] };

const whoAndWhat = (what: string): TypeSpec['questions'] => [
  {
    title: S.whoIsItAbout,
    fields: [{ kind: 'subject_type', label: S.whoToReport, options: [...TICKET_SUBJECT_TYPES] }],
  },
  { title: S.person, fields: [{ kind: 'person', label: S.passengerOrCaptain }] },
  { title: what, fields: [{ kind: 'text', label: S.description }] },
];

/** The ticket types: the follow-up form's (people.md §2) and those the apps raise after a ride. */
export const DEMO_TICKET_TYPES: TypeSpec[] = [
  {
    title: S.followUp,
    slaMinutes: 240,
    questions: [
      {
        title: S.reportWhom,
        fields: [{ kind: 'subject_type', label: S.whoToReport, options: [...TICKET_SUBJECT_TYPES] }],
      },
      { title: S.person, fields: [{ kind: 'person', label: S.passengerOrCaptain }] },
      { title: S.description, fields: [{ kind: 'text', label: S.description }] },
      { title: S.assignee, fields: [{ kind: 'user', label: S.assignUser, required: false }] },
    ],
  },
  { title: S.lostItem, slaMinutes: 120, questions: whoAndWhat(S.whatHappened) },
  { title: S.lateCaptain, slaMinutes: 60, questions: whoAndWhat(S.whatHappened) },
  { title: S.rudeBehaviour, slaMinutes: 180, questions: whoAndWhat(S.whatHappened) },
];

const MIN = 60_000;
/** Demo tickets: [type index, status, minutes ago, author is staff]. Every status, some past their SLA. */
const DEMO_TICKETS: [number, TicketStatus, number, boolean][] = [
  [0, 'PENDING', 5, true],
  [1, 'PENDING', 12, false],
  [2, 'PENDING', 50, false],
  [3, 'PENDING', 200, false],
  [0, 'ASSIGNED', 30, true],
  [1, 'ASSIGNED', 150, false],
  [2, 'IN_PROGRESS', 45, false],
  [3, 'IN_PROGRESS', 300, false],
  [0, 'RESOLVED', 600, true],
  [1, 'RESOLVED', 1500, false],
  [2, 'CLOSED', 2000, false],
  [3, 'CLOSED', 3000, false],
];

const WORDS = ['Left a phone in the car.', 'The captain arrived late.', 'Unpleasant ride, please call back.'];

export const seedTickets: Seeder = {
  name: 'tickets',
  async run(db: DbOrTx) {
    const typeIds: number[] = [];
    for (const spec of DEMO_TICKET_TYPES) {
      const [existing] = await db
        .select({ id: ticketTypes.id })
        .from(ticketTypes)
        .where(eq(ticketTypes.title, spec.title));
      if (existing) {
        typeIds.push(existing.id);
        continue;
      }
      const [type] = await db
        .insert(ticketTypes)
        .values({ title: spec.title, slaMinutes: spec.slaMinutes })
        .returning({ id: ticketTypes.id });
      typeIds.push(type.id);
      for (const [position, q] of spec.questions.entries()) {
        const [question] = await db
          .insert(ticketQuestions)
          .values({ typeId: type.id, position: position + 1, title: q.title })
          .returning({ id: ticketQuestions.id });
        await db.insert(ticketFields).values(
          q.fields.map((f, i) => ({
            questionId: question.id,
            position: i,
            kind: f.kind,
            label: f.label,
            required: f.required ?? true,
            options: f.options ?? [],
          })),
        );
      }
    }
    await seedDemoTickets(db, typeIds);
  },
};

async function seedDemoTickets(db: DbOrTx, typeIds: number[]) {
  // One after the other: a seeder runs in a transaction, on one connection (pg 9 refuses overlapping queries there).
  const staff = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.email, ['dispatcher@example.com', 'callcenter@example.com', 'supervisor@example.com']))
    .orderBy(asc(users.id));
  const pax = await db
    .select({ id: passengers.id, first: passengers.firstName, last: passengers.lastName })
    .from(passengers)
    .orderBy(asc(passengers.id))
    .limit(12);
  const caps = await db
    .select({ id: captains.id, first: captains.firstName, last: captains.lastName })
    .from(captains)
    .orderBy(asc(captains.id))
    .limit(12);
  if (staff.length === 0 || pax.length === 0 || caps.length === 0) return;
  const fields = await db
    .select({ id: ticketFields.id, kind: ticketFields.kind, typeId: ticketQuestions.typeId })
    .from(ticketFields)
    .innerJoin(ticketQuestions, eq(ticketQuestions.id, ticketFields.questionId))
    .orderBy(asc(ticketQuestions.position), asc(ticketFields.position));
  const now = Date.now();
  for (const [i, [typeIndex, status, ago, byStaff]] of DEMO_TICKETS.entries()) {
    const typeId = typeIds[typeIndex];
    const sla = DEMO_TICKET_TYPES[typeIndex].slaMinutes;
    const createdAt = new Date(now - ago * MIN);
    const passenger = pax[i % pax.length];
    const captain = caps[i % caps.length];
    const author = byStaff ? staff[i % staff.length] : passenger;
    const assignee = status === 'PENDING' ? null : staff[(i + 1) % staff.length];
    const [row] = await db
      .insert(tickets)
      .values({
        typeId,
        status,
        authorType: byStaff ? 'user' : 'passenger',
        authorId: author.id,
        authorFirstName: author.first,
        authorLastName: author.last,
        subjectType: 'captain',
        subjectId: captain.id,
        subjectName: `${captain.first} ${captain.last}`,
        assigneeId: assignee?.id ?? null,
        createdAt,
        updatedAt: createdAt,
        slaDueAt: new Date(createdAt.getTime() + sla * MIN),
      })
      .returning({ id: tickets.id });
    const values: { ticketId: number; fieldId: number; value: string }[] = [];
    for (const f of fields.filter((x) => x.typeId === typeId)) {
      if (f.kind === 'subject_type') values.push({ ticketId: row.id, fieldId: f.id, value: 'captain' });
      if (f.kind === 'person') values.push({ ticketId: row.id, fieldId: f.id, value: String(captain.id) });
      if (f.kind === 'text') values.push({ ticketId: row.id, fieldId: f.id, value: WORDS[i % WORDS.length] });
    }
    if (values.length) await db.insert(ticketAnswers).values(values);
    const history: (typeof ticketHistory.$inferInsert)[] = [
      { ticketId: row.id, actorId: byStaff ? author.id : null, action: 'created', toStatus: 'PENDING', createdAt },
    ];
    if (assignee) {
      const at = new Date(createdAt.getTime() + 3 * MIN);
      history.push({
        ticketId: row.id,
        actorId: assignee.id,
        action: 'assigned',
        fromStatus: 'PENDING',
        toStatus: 'ASSIGNED',
        assigneeId: assignee.id,
        createdAt: at,
      });
      if (status !== 'ASSIGNED')
        history.push({
          ticketId: row.id,
          actorId: assignee.id,
          action: 'status',
          fromStatus: 'ASSIGNED',
          toStatus: status,
          assigneeId: assignee.id,
          createdAt: new Date(at.getTime() + 10 * MIN),
        });
    }
    await db.insert(ticketHistory).values(history);
  }
}
