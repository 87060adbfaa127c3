import {
  answerKey,
  canMoveTicket,
  canReassignTicket,
  type FollowUpTicketSettings,
  TICKET_MSG,
  TICKET_TEXT_MAX,
  type TicketAuthorType,
  type TicketCommentDto,
  type TicketDetailDto,
  type TicketDto,
  type TicketFieldKind,
  type TicketStatus,
  type TicketSubjectType,
  type TicketTypeDto,
} from '@taxi/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  auditLog,
  captains,
  passengers,
  ticketAnswers,
  ticketComments,
  ticketFields,
  ticketHistory,
  ticketQuestions,
  tickets,
  ticketTypes,
  users,
} from '../../db/schema';
import type { AppBus } from '../../events';
import type { RecordEvent } from '../../events/bus';
import { conflict, fieldErrorMap, HttpError, notFound, validationError } from '../../http/errors';
import { type Clock, dateOf } from '../../lib/clock';
import { listTickets, pendingQueue, type TicketFilters, ticketBrief, userNames } from './queries';

export interface TicketDeps {
  db: Db;
  clock: Clock;
  bus: AppBus;
}

/** POST tickets as the console sends it (people.md §7). */
export interface NewTicketInput {
  ticket_type_id: number;
  last_question_id?: number | null;
  answers: Record<string, string | number>;
  passenger_id?: number | null;
  captain_id?: number | null;
  user_id?: number | null;
}

/** A ticket the passenger or captain app raises (the simulator plays them through this). */
export interface AppTicketInput {
  typeTitle: string;
  author: { type: Exclude<TicketAuthorType, 'user'>; id: number };
  subject: { type: TicketSubjectType; id: number } | null;
  bookingId: number | null;
  /** Text answers by field kind (the first field of that kind gets it). */
  text: string;
}

type FieldRow = {
  id: number;
  questionId: number;
  kind: TicketFieldKind;
  label: string;
  required: boolean;
  options: string[];
};

const EMPTY_PROGRESS: FollowUpTicketSettings = { id: null, last_question_id: null, last_field_id: null };

/**
 * Tickets: the follow-up form and the apps write them, the queue hands them out (one taker wins), the
 * monitoring and the ticket page work them. Every change is one transaction with its history row and
 * audit row, and records the domain event its handlers turn into 'new ticket', 'dismiss ticket' and the
 * new_ticket notification after commit.
 */
export class TicketService {
  constructor(private readonly deps: TicketDeps) {}

  private get db() {
    return this.deps.db;
  }

  async types(): Promise<TicketTypeDto[]> {
    const [types, questions, fields] = await Promise.all([
      this.db.select().from(ticketTypes).orderBy(asc(ticketTypes.title)),
      this.db.select().from(ticketQuestions).orderBy(asc(ticketQuestions.position), asc(ticketQuestions.id)),
      this.db.select().from(ticketFields).orderBy(asc(ticketFields.position), asc(ticketFields.id)),
    ]);
    return types.map((type) => ({
      id: type.id,
      title: type.title,
      sla_minutes: type.slaMinutes,
      questions: questions
        .filter((q) => q.typeId === type.id)
        .map((q) => ({
          id: q.id,
          title: q.title,
          position: q.position,
          fields: fields
            .filter((f) => f.questionId === q.id)
            .map((f) => ({ id: f.id, kind: f.kind, label: f.label, required: f.required, options: f.options })),
        })),
    }));
  }

  private async fieldsOf(db: DbOrTx, typeId: number): Promise<FieldRow[]> {
    return db
      .select({
        id: ticketFields.id,
        questionId: ticketFields.questionId,
        kind: ticketFields.kind,
        label: ticketFields.label,
        required: ticketFields.required,
        options: ticketFields.options,
      })
      .from(ticketFields)
      .innerJoin(ticketQuestions, eq(ticketQuestions.id, ticketFields.questionId))
      .where(eq(ticketQuestions.typeId, typeId))
      .orderBy(asc(ticketQuestions.position), asc(ticketFields.position), asc(ticketFields.id));
  }

  private async personName(db: DbOrTx, type: TicketSubjectType, id: number): Promise<string | null> {
    const table = type === 'captain' ? captains : passengers;
    const [row] = await db.select({ first: table.firstName, last: table.lastName }).from(table).where(eq(table.id, id));
    return row ? `${row.first} ${row.last}`.trim() : null;
  }

  private async activeUser(db: DbOrTx, id: number) {
    const [row] = await db
      .select({ id: users.id, first: users.firstName, last: users.lastName })
      .from(users)
      .where(and(eq(users.id, id), eq(users.active, true)));
    return row ?? null;
  }

  /**
   * Checks the answers against the type's fields: every required field missing gets 'This Field is
   * required' under its `question_{field id}` key (all of them at once), then the values themselves.
   */
  private async checkAnswers(db: DbOrTx, input: NewTicketInput) {
    const [type] = await db.select().from(ticketTypes).where(eq(ticketTypes.id, input.ticket_type_id));
    if (!type) throw validationError('ticket_type_id', TICKET_MSG.unknownType);
    const fields = await this.fieldsOf(db, type.id);
    if (
      input.last_question_id != null &&
      !fields.some((f) => f.questionId === input.last_question_id) &&
      !(await this.questionOfType(db, input.last_question_id, type.id))
    )
      throw validationError('last_question_id', TICKET_MSG.unknownQuestion);
    const known = new Set(fields.map((f) => answerKey(f.id)));
    const errors = fieldErrorMap();
    const fail = (key: string, message: string) => {
      errors[key] = [message];
    };
    for (const key of Object.keys(input.answers)) if (!known.has(key)) fail(key, TICKET_MSG.unknownField);

    const raw = (f: FieldRow) => {
      const v = input.answers[answerKey(f.id)];
      return v === undefined || v === null ? '' : String(v).trim();
    };
    const subjectField = fields.find((f) => f.kind === 'subject_type');
    let subjectType: TicketSubjectType | null = null;
    if (subjectField) {
      const v = raw(subjectField) || (input.passenger_id ? 'passenger' : input.captain_id ? 'captain' : '');
      if (v === 'passenger' || v === 'captain') subjectType = v;
      else if (v) fail(answerKey(subjectField.id), TICKET_MSG.notAChoice);
    } else if (input.passenger_id) subjectType = 'passenger';
    else if (input.captain_id) subjectType = 'captain';

    const values = new Map<number, string>();
    let subject: { type: TicketSubjectType; id: number; name: string } | null = null;
    let assignee: { id: number; name: string } | null = null;
    for (const f of fields) {
      const key = answerKey(f.id);
      if (errors[key]) continue;
      let value = raw(f);
      if (f.kind === 'subject_type' && subjectType) value = subjectType;
      if (f.kind === 'person') {
        const id =
          subjectType === 'captain' ? input.captain_id : subjectType === 'passenger' ? input.passenger_id : null;
        value = id ? String(id) : /^\d+$/.test(value) && subjectType ? value : '';
      }
      if (f.kind === 'user') value = input.user_id ? String(input.user_id) : /^\d+$/.test(value) ? value : '';
      if (!value) {
        if (f.required) fail(key, TICKET_MSG.fieldRequired);
        continue;
      }
      if (value.length > TICKET_TEXT_MAX) fail(key, TICKET_MSG.tooLong(TICKET_TEXT_MAX));
      else if (f.kind === 'choice' && !f.options.includes(value)) fail(key, TICKET_MSG.notAChoice);
      else if (f.kind === 'person' && subjectType) {
        const name = await this.personName(db, subjectType, Number(value));
        if (name === null) fail(key, TICKET_MSG.unknownPerson);
        else subject = { type: subjectType, id: Number(value), name };
      } else if (f.kind === 'user') {
        const user = Number(value) <= 2_147_483_647 ? await this.activeUser(db, Number(value)) : null;
        if (!user) fail(key, TICKET_MSG.unknownUser);
        else assignee = { id: user.id, name: `${user.first} ${user.last}`.trim() };
      }
      values.set(f.id, value);
    }
    // A person given beside the form's fields (a type without a person field) is still checked.
    if (!subject && subjectType && !fields.some((f) => f.kind === 'person')) {
      const id = subjectType === 'captain' ? input.captain_id : input.passenger_id;
      if (id) {
        const name = await this.personName(db, subjectType, id);
        if (name === null) fail(subjectType === 'captain' ? 'captain_id' : 'passenger_id', TICKET_MSG.unknownPerson);
        else subject = { type: subjectType, id, name };
      }
    }
    if (!assignee && input.user_id && !fields.some((f) => f.kind === 'user')) {
      const user = await this.activeUser(db, input.user_id);
      if (!user) fail('user_id', TICKET_MSG.unknownUser);
      else assignee = { id: user.id, name: `${user.first} ${user.last}`.trim() };
    }
    const keys = Object.keys(errors);
    if (keys.length > 0) throw new HttpError(422, errors[keys[0]][0], errors);
    return { type, values, subject, assignee };
  }

  private async questionOfType(db: DbOrTx, questionId: number, typeId: number): Promise<boolean> {
    const [row] = await db
      .select({ id: ticketQuestions.id })
      .from(ticketQuestions)
      .where(and(eq(ticketQuestions.id, questionId), eq(ticketQuestions.typeId, typeId)));
    return Boolean(row);
  }

  /** POST tickets from the console: PENDING in the queue, or ASSIGNED when the form named a user. */
  async create(actorId: number, input: NewTicketInput): Promise<TicketDto> {
    const now = dateOf(this.deps.clock);
    const { result } = await this.deps.bus.transact(async (tx, record) => {
      const { type, values, subject, assignee } = await this.checkAnswers(tx, input);
      const author = await this.activeUser(tx, actorId);
      const id = await this.insert(tx, record, now, {
        typeId: type.id,
        slaMinutes: type.slaMinutes,
        author: { type: 'user', id: actorId, first: author?.first ?? '', last: author?.last ?? '' },
        subject,
        assigneeId: assignee?.id ?? null,
        bookingId: null,
        lastQuestionId: input.last_question_id ?? null,
        values,
        actorId,
      });
      // The form is done: it starts from the beginning next time.
      await this.writeProgress(tx, actorId, EMPTY_PROGRESS);
      return id;
    });
    return (await ticketBrief(this.db, result)) as TicketDto;
  }

  /** A ticket from the passenger or captain app (the simulator): always PENDING, into the queue. */
  async raiseFromApp(input: AppTicketInput): Promise<TicketDto> {
    const now = dateOf(this.deps.clock);
    const { result } = await this.deps.bus.transact(async (tx, record) => {
      const [type] = await tx.select().from(ticketTypes).where(eq(ticketTypes.title, input.typeTitle));
      if (!type) throw notFound(TICKET_MSG.unknownType);
      const fields = await this.fieldsOf(tx, type.id);
      const authorName = await this.personName(tx, input.author.type, input.author.id);
      if (authorName === null) throw notFound(TICKET_MSG.unknownPerson);
      const subjectName = input.subject ? await this.personName(tx, input.subject.type, input.subject.id) : null;
      const subject = input.subject && subjectName !== null ? { ...input.subject, name: subjectName } : null;
      const values = new Map<number, string>();
      for (const f of fields) {
        if (f.kind === 'text' && !values.size) values.set(f.id, input.text);
        if (f.kind === 'subject_type' && subject) values.set(f.id, subject.type);
        if (f.kind === 'person' && subject) values.set(f.id, String(subject.id));
      }
      const [first, ...rest] = authorName.split(' ');
      return this.insert(tx, record, now, {
        typeId: type.id,
        slaMinutes: type.slaMinutes,
        author: { type: input.author.type, id: input.author.id, first, last: rest.join(' ') },
        subject,
        assigneeId: null,
        bookingId: input.bookingId,
        lastQuestionId: null,
        values,
        actorId: null,
      });
    });
    return (await ticketBrief(this.db, result)) as TicketDto;
  }

  private async insert(
    tx: DbOrTx,
    record: RecordEvent,
    now: Date,
    t: {
      typeId: number;
      slaMinutes: number;
      author: { type: TicketAuthorType; id: number; first: string; last: string };
      subject: { type: TicketSubjectType; id: number; name: string } | null;
      assigneeId: number | null;
      bookingId: number | null;
      lastQuestionId: number | null;
      values: Map<number, string>;
      actorId: number | null;
    },
  ): Promise<number> {
    const status: TicketStatus = t.assigneeId === null ? 'PENDING' : 'ASSIGNED';
    const [row] = await tx
      .insert(tickets)
      .values({
        typeId: t.typeId,
        status,
        authorType: t.author.type,
        authorId: t.author.id,
        authorFirstName: t.author.first,
        authorLastName: t.author.last,
        subjectType: t.subject?.type ?? null,
        subjectId: t.subject?.id ?? null,
        subjectName: t.subject?.name ?? null,
        assigneeId: t.assigneeId,
        bookingId: t.bookingId,
        lastQuestionId: t.lastQuestionId,
        createdAt: now,
        updatedAt: now,
        slaDueAt: new Date(now.getTime() + t.slaMinutes * 60_000),
      })
      .returning({ id: tickets.id });
    if (t.values.size > 0)
      await tx
        .insert(ticketAnswers)
        .values([...t.values].map(([fieldId, value]) => ({ ticketId: row.id, fieldId, value })));
    await tx.insert(ticketHistory).values([
      { ticketId: row.id, actorId: t.actorId, action: 'created', toStatus: 'PENDING', createdAt: now },
      ...(t.assigneeId === null
        ? []
        : [
            {
              ticketId: row.id,
              actorId: t.actorId,
              action: 'assigned' as const,
              fromStatus: 'PENDING' as const,
              toStatus: 'ASSIGNED' as const,
              assigneeId: t.assigneeId,
              createdAt: now,
            },
          ]),
    ]);
    await tx.insert(auditLog).values({
      actorId: t.actorId,
      action: 'ticket.create',
      entity: 'ticket',
      entityId: String(row.id),
      after: { type_id: t.typeId, status, author_type: t.author.type, subject: t.subject, assignee_id: t.assigneeId },
      createdAt: now,
    });
    record('ticket.created', { ticketId: row.id, pending: status === 'PENDING' });
    return row.id;
  }

  queue() {
    return pendingQueue(this.db);
  }

  list(filters: TicketFilters, page: { page: number; perPage: number; url?: string }) {
    return listTickets(this.db, filters, page, dateOf(this.deps.clock));
  }

  /**
   * 'Assign it to me': one conditional update (status still PENDING), so of two operators taking the same
   * ticket at once exactly one wins; the other gets 409.
   */
  async assignToMe(actorId: number, id: number): Promise<TicketDto> {
    const now = dateOf(this.deps.clock);
    await this.deps.bus.transact(async (tx, record) => {
      const [taken] = await tx
        .update(tickets)
        .set({ status: 'ASSIGNED', assigneeId: actorId, updatedAt: now })
        .where(and(eq(tickets.id, id), eq(tickets.status, 'PENDING')))
        .returning({ id: tickets.id });
      if (!taken) {
        const [row] = await tx.select({ status: tickets.status }).from(tickets).where(eq(tickets.id, id));
        if (!row) throw notFound(TICKET_MSG.notFound);
        throw conflict(row.status === 'ASSIGNED' ? TICKET_MSG.alreadyTaken : TICKET_MSG.notPending);
      }
      await this.logAssignment(tx, record, now, id, actorId, actorId, 'PENDING', 'ASSIGNED', null);
    });
    return (await ticketBrief(this.db, id)) as TicketDto;
  }

  /** Another assignee (a PENDING ticket leaves the queue as ASSIGNED). */
  async reassign(actorId: number, id: number, userId: number): Promise<TicketDto> {
    const now = dateOf(this.deps.clock);
    await this.deps.bus.transact(async (tx, record) => {
      const [before] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
      if (!before) throw notFound(TICKET_MSG.notFound);
      if (!canReassignTicket(before.status)) throw conflict(TICKET_MSG.cannotReassign);
      if (!(await this.activeUser(tx, userId))) throw validationError('user_id', TICKET_MSG.unknownUser);
      const status: TicketStatus = before.status === 'PENDING' ? 'ASSIGNED' : before.status;
      await tx.update(tickets).set({ status, assigneeId: userId, updatedAt: now }).where(eq(tickets.id, id));
      await this.logAssignment(tx, record, now, id, actorId, userId, before.status, status, before.assigneeId);
    });
    return (await ticketBrief(this.db, id)) as TicketDto;
  }

  private async logAssignment(
    tx: DbOrTx,
    record: RecordEvent,
    now: Date,
    id: number,
    actorId: number,
    assigneeId: number,
    from: TicketStatus,
    to: TicketStatus,
    previousAssignee: number | null,
  ) {
    await tx.insert(ticketHistory).values({
      ticketId: id,
      actorId,
      action: 'assigned',
      fromStatus: from,
      toStatus: to,
      assigneeId,
      createdAt: now,
    });
    await tx.insert(auditLog).values({
      actorId,
      action: 'ticket.assign',
      entity: 'ticket',
      entityId: String(id),
      before: { status: from, assignee_id: previousAssignee },
      after: { status: to, assignee_id: assigneeId },
      createdAt: now,
    });
    record('ticket.assigned', { ticketId: id, assigneeId, from, byUserId: actorId });
  }

  async setStatus(actorId: number, id: number, status: TicketStatus): Promise<TicketDto> {
    const now = dateOf(this.deps.clock);
    await this.deps.bus.transact(async (tx) => {
      const [before] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
      if (!before) throw notFound(TICKET_MSG.notFound);
      if (!canMoveTicket(before.status, status)) throw conflict(TICKET_MSG.badMove(before.status, status));
      await tx.update(tickets).set({ status, updatedAt: now }).where(eq(tickets.id, id));
      await tx.insert(ticketHistory).values({
        ticketId: id,
        actorId,
        action: 'status',
        fromStatus: before.status,
        toStatus: status,
        assigneeId: before.assigneeId,
        createdAt: now,
      });
      await tx.insert(auditLog).values({
        actorId,
        action: 'ticket.status',
        entity: 'ticket',
        entityId: String(id),
        before: { status: before.status },
        after: { status },
        createdAt: now,
      });
    });
    return (await ticketBrief(this.db, id)) as TicketDto;
  }

  async comment(actorId: number, id: number, body: string): Promise<TicketCommentDto> {
    const now = dateOf(this.deps.clock);
    const [exists] = await this.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, id));
    if (!exists) throw notFound(TICKET_MSG.notFound);
    const [row] = await this.db
      .insert(ticketComments)
      .values({ ticketId: id, userId: actorId, body, createdAt: now })
      .returning();
    const names = await userNames(this.db, [actorId]);
    return { id: row.id, author: names.get(actorId) ?? null, body: row.body, created_at: row.createdAt.toISOString() };
  }

  /** GET tickets/{id}: the ticket, its answers under their questions, its history and comments. */
  async detail(id: number): Promise<TicketDetailDto> {
    const brief = await ticketBrief(this.db, id);
    if (!brief) throw notFound(TICKET_MSG.notFound);
    const [[row], answers, history, comments] = await Promise.all([
      this.db.select({ lastQuestionId: tickets.lastQuestionId }).from(tickets).where(eq(tickets.id, id)),
      this.db
        .select({
          questionId: ticketQuestions.id,
          question: ticketQuestions.title,
          fieldId: ticketFields.id,
          label: ticketFields.label,
          kind: ticketFields.kind,
          value: ticketAnswers.value,
        })
        .from(ticketAnswers)
        .innerJoin(ticketFields, eq(ticketFields.id, ticketAnswers.fieldId))
        .innerJoin(ticketQuestions, eq(ticketQuestions.id, ticketFields.questionId))
        .where(eq(ticketAnswers.ticketId, id))
        .orderBy(asc(ticketQuestions.position), asc(ticketFields.position), asc(ticketFields.id)),
      this.db.select().from(ticketHistory).where(eq(ticketHistory.ticketId, id)).orderBy(asc(ticketHistory.id)),
      this.db.select().from(ticketComments).where(eq(ticketComments.ticketId, id)).orderBy(asc(ticketComments.id)),
    ]);
    const names = await userNames(
      this.db,
      [
        ...history.flatMap((h) => [h.actorId, h.assigneeId]),
        ...comments.map((c) => c.userId),
        ...answers.filter((a) => a.kind === 'user').map((a) => Number(a.value)),
      ].filter((v): v is number => typeof v === 'number' && Number.isSafeInteger(v)),
    );
    return {
      ...brief,
      last_question_id: row?.lastQuestionId ?? null,
      answers: answers.map((a) => ({
        question_id: a.questionId,
        question: a.question,
        field_id: a.fieldId,
        label: a.label,
        kind: a.kind,
        value: a.value,
        display: a.kind === 'person' ? brief.subject : a.kind === 'user' ? (names.get(Number(a.value)) ?? null) : null,
      })),
      history: history.map((h) => ({
        id: h.id,
        action: h.action,
        actor: h.actorId === null ? null : (names.get(h.actorId) ?? null),
        from_status: h.fromStatus,
        to_status: h.toStatus,
        assignee: h.assigneeId === null ? null : (names.get(h.assigneeId) ?? null),
        created_at: h.createdAt.toISOString(),
      })),
      comments: comments.map((c) => ({
        id: c.id,
        author: c.userId === null ? null : (names.get(c.userId) ?? null),
        body: c.body,
        created_at: c.createdAt.toISOString(),
      })),
    };
  }

  /**
   * The follow-up form's place (shell.md §3: FOLLOW_UP_TICKET with id, last_question_id, last_field_id),
   * saved as the operator moves on so the form resumes there. The ids must belong together.
   */
  async saveProgress(userId: number, progress: FollowUpTicketSettings): Promise<FollowUpTicketSettings> {
    if (progress.id !== null) {
      const [type] = await this.db
        .select({ id: ticketTypes.id })
        .from(ticketTypes)
        .where(eq(ticketTypes.id, progress.id));
      if (!type) throw validationError('id', TICKET_MSG.unknownType);
    }
    if (progress.last_question_id !== null) {
      const [q] = await this.db
        .select({ typeId: ticketQuestions.typeId })
        .from(ticketQuestions)
        .where(eq(ticketQuestions.id, progress.last_question_id));
      if (!q || (progress.id !== null && q.typeId !== progress.id))
        throw validationError('last_question_id', TICKET_MSG.unknownQuestion);
    }
    if (progress.last_field_id !== null) {
      const [f] = await this.db
        .select({ questionId: ticketFields.questionId })
        .from(ticketFields)
        .where(eq(ticketFields.id, progress.last_field_id));
      if (!f || (progress.last_question_id !== null && f.questionId !== progress.last_question_id))
        throw validationError('last_field_id', TICKET_MSG.unknownField);
    }
    await this.writeProgress(this.db, userId, progress);
    return progress;
  }

  private async writeProgress(db: DbOrTx, userId: number, progress: FollowUpTicketSettings) {
    await db
      .update(users)
      .set({
        settings: sql`${users.settings} || jsonb_build_object('FOLLOW_UP_TICKET', ${JSON.stringify(progress)}::jsonb)`,
        updatedAt: dateOf(this.deps.clock),
      })
      .where(eq(users.id, userId));
  }
}
