import {
  type AnswerItem,
  type Paginated,
  SURVEY_MSG,
  type SurveyAnsweredDto,
  type SurveyData,
  type SurveyDto,
  type SurveyFormDto,
  type SurveyQuestionDto,
  type SurveyResultsDto,
} from '@taxi/shared';
import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { auditLog, surveyAnswers, surveyQuestions, surveyRecipients, surveys, users } from '../../db/schema';
import { conflict, fieldErrorMap, HttpError, notFound, validationError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { type Clock, dateOf } from '../../lib/clock';
import type { CaptainInboxService } from '../broadcasts/inbox';
import type { MessageService } from '../sms/messages';
import { audienceOf, hashAnswerCode, newAnswerCode } from './recipients';
import { surveyCounts, surveyResults } from './results';

export interface SurveyDeps {
  db: Db;
  clock: Clock;
  inbox: CaptainInboxService;
  messages: MessageService;
}

type SurveyRow = typeof surveys.$inferSelect;
type QuestionRow = typeof surveyQuestions.$inferSelect;
type RecipientRow = typeof surveyRecipients.$inferSelect;

/** Recipients written per INSERT. */
const RECIPIENT_BATCH = 1000;

const presentQuestion = (q: QuestionRow): SurveyQuestionDto => ({
  id: q.id,
  position: q.position,
  kind: q.kind,
  prompt: q.prompt,
  required: q.required,
  options: q.options,
});

/**
 * Surveys: drafts written and edited, sent (recipients chosen, each given a personal code delivered by
 * the survey's channel, in one transaction), answered once per recipient, closed; results aggregated.
 */
export class SurveyService {
  constructor(private readonly deps: SurveyDeps) {}

  private now(): Date {
    return dateOf(this.deps.clock);
  }

  private async row(db: DbOrTx, id: number, lock = false): Promise<SurveyRow> {
    const query = db.select().from(surveys).where(eq(surveys.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound();
    return row;
  }

  private questions(db: DbOrTx, surveyId: number): Promise<QuestionRow[]> {
    return db
      .select()
      .from(surveyQuestions)
      .where(eq(surveyQuestions.surveyId, surveyId))
      .orderBy(asc(surveyQuestions.position));
  }

  /** GET surveys: newest first, with their counts. */
  list(paging: { page: number; perPage: number; url?: string }): Promise<Paginated<SurveyDto>> {
    const { db } = this.deps;
    return paginate(
      {
        count: async () => (await db.select({ n: count() }).from(surveys))[0].n,
        rows: async (limit, offset) => {
          const rows = await db
            .select({ survey: surveys, first: users.firstName, last: users.lastName })
            .from(surveys)
            .leftJoin(users, eq(users.id, surveys.createdBy))
            .orderBy(desc(surveys.createdAt), desc(surveys.id))
            .limit(limit)
            .offset(offset);
          return this.present(db, rows);
        },
      },
      paging,
    );
  }

  /** GET surveys/{id}. */
  async get(id: number, db: DbOrTx = this.deps.db): Promise<SurveyDto> {
    const rows = await db
      .select({ survey: surveys, first: users.firstName, last: users.lastName })
      .from(surveys)
      .leftJoin(users, eq(users.id, surveys.createdBy))
      .where(eq(surveys.id, id));
    const [dto] = await this.present(db, rows);
    if (!dto) throw notFound();
    return dto;
  }

  private async present(
    db: DbOrTx,
    rows: { survey: SurveyRow; first: string | null; last: string | null }[],
  ): Promise<SurveyDto[]> {
    const ids = rows.map((r) => r.survey.id);
    const [counts, questions] = await Promise.all([
      surveyCounts(db, ids),
      ids.length === 0
        ? []
        : db
            .select()
            .from(surveyQuestions)
            .where(inArray(surveyQuestions.surveyId, ids))
            .orderBy(asc(surveyQuestions.position)),
    ]);
    return rows.map(({ survey: s, first, last }) => ({
      id: s.id,
      title: s.title,
      audience: s.audience,
      channel: s.channel,
      recent_days: s.recentDays,
      status: s.status,
      questions: questions.filter((q) => q.surveyId === s.id).map(presentQuestion),
      recipients: counts.get(s.id)?.recipients ?? 0,
      responses: counts.get(s.id)?.responses ?? 0,
      author: first === null ? null : `${first} ${last ?? ''}`.trim(),
      created_at: s.createdAt.toISOString(),
      sent_at: s.sentAt?.toISOString() ?? null,
      closed_at: s.closedAt?.toISOString() ?? null,
    }));
  }

  private async writeQuestions(tx: Tx, surveyId: number, input: SurveyData): Promise<void> {
    await tx.delete(surveyQuestions).where(eq(surveyQuestions.surveyId, surveyId));
    await tx.insert(surveyQuestions).values(
      input.questions.map((q, i) => ({
        surveyId,
        position: i + 1,
        kind: q.kind,
        prompt: q.prompt,
        required: q.required,
        options: q.options,
      })),
    );
  }

  /** POST surveys: a draft. */
  async create(input: SurveyData, actorId: number): Promise<SurveyDto> {
    const now = this.now();
    const id = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(surveys)
        .values({
          title: input.title,
          audience: input.audience,
          channel: input.channel,
          recentDays: input.recent_days,
          createdBy: actorId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: surveys.id });
      await this.writeQuestions(tx, row.id, input);
      await audit(tx, actorId, 'survey.create', row.id, { title: input.title, questions: input.questions.length });
      return row.id;
    });
    return this.get(id);
  }

  /** PUT surveys/{id}: a draft only (409 once sent). */
  async update(id: number, input: SurveyData, actorId: number): Promise<SurveyDto> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.row(tx, id, true);
      if (row.status !== 'draft') throw conflict(SURVEY_MSG.notDraft);
      await tx
        .update(surveys)
        .set({
          title: input.title,
          audience: input.audience,
          channel: input.channel,
          recentDays: input.recent_days,
          updatedAt: this.now(),
        })
        .where(eq(surveys.id, id));
      await this.writeQuestions(tx, id, input);
      await audit(tx, actorId, 'survey.update', id, { title: input.title, questions: input.questions.length });
    });
    return this.get(id);
  }

  /**
   * PUT surveys/{id}/send: in one transaction the audience is chosen, each recipient gets a row and a
   * personal code (stored hashed), the code goes out by the channel (captains' inbox rows, passengers'
   * queued SMS) and the survey is sent. 409 unless a draft; 422 when nobody matches the audience.
   */
  async send(id: number, actorId: number): Promise<SurveyDto> {
    const { db, inbox, messages } = this.deps;
    await db.transaction(async (tx) => {
      const survey = await this.row(tx, id, true);
      if (survey.status !== 'draft') throw conflict(SURVEY_MSG.notDraft);
      const now = this.now();
      const people = await audienceOf(tx, survey.audience, survey.recentDays, now);
      if (people.length === 0) throw validationError('audience', SURVEY_MSG.noRecipients);
      const codes = new Map<number, string>();
      for (const p of people) codes.set(p.id, newAnswerCode());
      const key = survey.audience === 'captains' ? 'captainId' : 'passengerId';
      const written: { id: number; personId: number }[] = [];
      for (let i = 0; i < people.length; i += RECIPIENT_BATCH) {
        const batch = people.slice(i, i + RECIPIENT_BATCH);
        const rows = await tx
          .insert(surveyRecipients)
          .values(
            batch.map((p) => ({
              surveyId: id,
              [key]: p.id,
              codeHash: hashAnswerCode(codes.get(p.id) as string),
              createdAt: now,
            })),
          )
          .returning({
            id: surveyRecipients.id,
            captainId: surveyRecipients.captainId,
            passengerId: surveyRecipients.passengerId,
          });
        for (const r of rows) written.push({ id: r.id, personId: (r.captainId ?? r.passengerId) as number });
      }
      const body = (personId: number) => SURVEY_MSG.invitation(survey.title, codes.get(personId) as string);
      if (survey.channel === 'captain_inbox') {
        await inbox.deliverEach(
          written.map((r) => ({ captainId: r.personId, body: body(r.personId) })),
          { kind: 'survey', sourceId: id },
          tx,
          now,
        );
      } else {
        const phoneOf = new Map(people.map((p) => [p.id, p.phone]));
        for (const r of written) {
          const messageId = await messages.queue(
            {
              channel: 'sms',
              to: phoneOf.get(r.personId) as string,
              body: body(r.personId),
              purpose: 'survey',
              secret: codes.get(r.personId),
            },
            tx,
          );
          await tx.update(surveyRecipients).set({ messageId }).where(eq(surveyRecipients.id, r.id));
        }
      }
      await tx.update(surveys).set({ status: 'sent', sentAt: now, updatedAt: now }).where(eq(surveys.id, id));
      await audit(tx, actorId, 'survey.send', id, { recipients: written.length, channel: survey.channel });
    });
    return this.get(id);
  }

  /** PUT surveys/{id}/close: no more answers. 409 unless sent. */
  async close(id: number, actorId: number): Promise<SurveyDto> {
    await this.deps.db.transaction(async (tx) => {
      const survey = await this.row(tx, id, true);
      if (survey.status !== 'sent') throw conflict(SURVEY_MSG.notSent);
      const now = this.now();
      await tx.update(surveys).set({ status: 'closed', closedAt: now, updatedAt: now }).where(eq(surveys.id, id));
      await audit(tx, actorId, 'survey.close', id, {});
    });
    return this.get(id);
  }

  /** GET surveys/{id}/results. */
  async results(id: number): Promise<SurveyResultsDto> {
    await this.row(this.deps.db, id);
    return surveyResults(this.deps.db, id);
  }

  private async recipientByCode(code: string): Promise<RecipientRow> {
    const [row] = await this.deps.db
      .select()
      .from(surveyRecipients)
      .where(eq(surveyRecipients.codeHash, hashAnswerCode(code)));
    if (!row) throw notFound(SURVEY_MSG.unknownCode);
    return row;
  }

  /** GET survey_answer/{code}: what the recipient's app shows. */
  async form(code: string): Promise<SurveyFormDto> {
    const recipient = await this.recipientByCode(code);
    const survey = await this.row(this.deps.db, recipient.surveyId);
    if (survey.status !== 'sent') throw conflict(SURVEY_MSG.notOpen);
    const questions = await this.questions(this.deps.db, survey.id);
    return { title: survey.title, questions: questions.map(presentQuestion), answered: recipient.answeredAt !== null };
  }

  /** POST survey_answer/{code}: the recipient's answers (once). */
  async answerByCode(code: string, answers: readonly AnswerItem[]): Promise<SurveyAnsweredDto> {
    const recipient = await this.recipientByCode(code);
    return this.answer(recipient.id, answers);
  }

  /** Development: answers as the survey's first recipient who has not answered yet. */
  async answerAsNext(surveyId: number, answers: readonly AnswerItem[]): Promise<SurveyAnsweredDto> {
    await this.row(this.deps.db, surveyId);
    const [next] = await this.deps.db
      .select({ id: surveyRecipients.id })
      .from(surveyRecipients)
      .where(and(eq(surveyRecipients.surveyId, surveyId), isNull(surveyRecipients.answeredAt)))
      .orderBy(asc(surveyRecipients.id))
      .limit(1);
    if (!next) throw conflict(SURVEY_MSG.noRecipientLeft);
    return this.answer(next.id, answers);
  }

  /**
   * One recipient's answer set, in one transaction with their row locked: 409 when the survey does not
   * take answers or they already answered; 422 (per answer, `answers.<i>.<field>`) when an answer does
   * not fit its question or a required question is left out.
   */
  async answer(recipientId: number, answers: readonly AnswerItem[]): Promise<SurveyAnsweredDto> {
    return this.deps.db.transaction(async (tx) => {
      const [recipient] = await tx
        .select()
        .from(surveyRecipients)
        .where(eq(surveyRecipients.id, recipientId))
        .for('update');
      if (!recipient) throw notFound();
      const survey = await this.row(tx, recipient.surveyId);
      if (survey.status !== 'sent') throw conflict(SURVEY_MSG.notOpen);
      if (recipient.answeredAt) throw conflict(SURVEY_MSG.alreadyAnswered);
      const questions = await this.questions(tx, survey.id);
      const rows = checkAnswers(questions, answers);
      const now = this.now();
      if (rows.length > 0)
        await tx.insert(surveyAnswers).values(rows.map((r) => ({ ...r, recipientId, createdAt: now })));
      await tx.update(surveyRecipients).set({ answeredAt: now }).where(eq(surveyRecipients.id, recipientId));
      return { survey_id: survey.id, recipient_id: recipientId, answered_at: now.toISOString() };
    });
  }
}

type AnswerRow = { questionId: number; choice: number | null; rating: number | null; text: string | null };

/** The answers as rows, or a 422 naming each answer that does not fit and each required question left out. */
export function checkAnswers(questions: readonly QuestionRow[], answers: readonly AnswerItem[]): AnswerRow[] {
  const errors = fieldErrorMap();
  const add = (field: string, message: string) => {
    errors[field] ??= [];
    errors[field].push(message);
  };
  const byId = new Map(questions.map((q) => [q.id, q]));
  const rows = new Map<number, AnswerRow>();
  for (const [i, a] of answers.entries()) {
    const q = byId.get(a.question_id);
    if (!q) {
      add(`answers.${i}.question_id`, SURVEY_MSG.unknownQuestion);
      continue;
    }
    if (rows.has(q.id)) {
      add(`answers.${i}.question_id`, SURVEY_MSG.wrongAnswerKind);
      continue;
    }
    const text = a.text?.trim() ? a.text.trim() : null;
    if (q.kind === 'choice') {
      if (a.rating !== undefined || text !== null) {
        add(`answers.${i}`, SURVEY_MSG.wrongAnswerKind);
        continue;
      }
      if (a.choice === undefined) continue;
      if (a.choice >= q.options.length) {
        add(`answers.${i}.choice`, SURVEY_MSG.invalidChoice);
        continue;
      }
      rows.set(q.id, { questionId: q.id, choice: a.choice, rating: null, text: null });
    } else if (q.kind === 'rating') {
      if (a.choice !== undefined || text !== null) {
        add(`answers.${i}`, SURVEY_MSG.wrongAnswerKind);
        continue;
      }
      if (a.rating === undefined) continue;
      rows.set(q.id, { questionId: q.id, choice: null, rating: a.rating, text: null });
    } else {
      if (a.choice !== undefined || a.rating !== undefined) {
        add(`answers.${i}`, SURVEY_MSG.wrongAnswerKind);
        continue;
      }
      if (text === null) continue;
      rows.set(q.id, { questionId: q.id, choice: null, rating: null, text });
    }
  }
  for (const q of questions) {
    if (q.required && !rows.has(q.id)) add(`questions.${q.position}`, SURVEY_MSG.answerRequired);
  }
  const fields = Object.keys(errors);
  if (fields.length > 0) throw new HttpError(422, errors[fields[0]][0], errors);
  return [...rows.values()];
}

async function audit(tx: Tx, actorId: number, action: string, id: number, after: Record<string, unknown>) {
  await tx.insert(auditLog).values({ actorId, action, entity: 'survey', entityId: String(id), after });
}
