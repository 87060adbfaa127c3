import type {
  CarRequestKind,
  CarRequestStatus,
  QuestionKind,
  SurveyAudience,
  SurveyChannel,
  SurveyStatus,
} from '@taxi/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { captains, carModels, cars, colors, passengers } from './people';
import { users } from './users';

/** Surveys (/surveys): draft → sent → closed. */
export const surveys = pgTable(
  'surveys',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    audience: text('audience').$type<SurveyAudience>().notNull(),
    channel: text('channel').$type<SurveyChannel>().notNull(),
    /** Only people with a ride in the last N days (null: every active one). */
    recentDays: integer('recent_days'),
    status: text('status').$type<SurveyStatus>().notNull().default('draft'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    closedAt: ts('closed_at'),
  },
  (t) => [index('surveys_created_idx').on(t.createdAt)],
);

/** A survey's ordered questions (replaced as a whole while the survey is a draft). */
export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').$type<QuestionKind>().notNull(),
    prompt: text('prompt').notNull(),
    required: boolean('required').notNull().default(true),
    options: jsonb('options').$type<string[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('survey_questions_position_idx').on(t.surveyId, t.position)],
);

/**
 * Who a sent survey reached: one row per passenger or captain, with the hash of their personal answer
 * code (the code itself travels only in their message) and when they answered (once).
 */
export const surveyRecipients = pgTable(
  'survey_recipients',
  {
    id: serial('id').primaryKey(),
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    passengerId: integer('passenger_id').references(() => passengers.id, { onDelete: 'cascade' }),
    captainId: integer('captain_id').references(() => captains.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    /** The SMS that carried the code (passengers). */
    messageId: integer('message_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
    answeredAt: ts('answered_at'),
  },
  (t) => [
    uniqueIndex('survey_recipients_code_idx').on(t.codeHash),
    uniqueIndex('survey_recipients_passenger_idx').on(t.surveyId, t.passengerId),
    uniqueIndex('survey_recipients_captain_idx').on(t.surveyId, t.captainId),
    index('survey_recipients_answered_idx').on(t.surveyId).where(sql`answered_at is not null`),
    check('survey_recipients_one_person', sql`(${t.passengerId} is null) <> (${t.captainId} is null)`),
  ],
);

/** One answer of a recipient to one question. */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: serial('id').primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => surveyRecipients.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => surveyQuestions.id, { onDelete: 'cascade' }),
    choice: integer('choice'),
    rating: integer('rating'),
    text: text('text'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('survey_answers_recipient_question_idx').on(t.recipientId, t.questionId),
    index('survey_answers_question_idx').on(t.questionId),
  ],
);

/** A captain's request to add a car or change one (/car_requests). */
export const carRequests = pgTable(
  'car_requests',
  {
    id: serial('id').primaryKey(),
    captainId: integer('captain_id')
      .notNull()
      .references(() => captains.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<CarRequestKind>().notNull(),
    /** The car to change (kind change). */
    carId: integer('car_id').references(() => cars.id, { onDelete: 'set null' }),
    carModelId: integer('car_model_id')
      .notNull()
      .references(() => carModels.id),
    colorId: integer('color_id')
      .notNull()
      .references(() => colors.id),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    /** Stored file names of the optional photos. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    status: text('status').$type<CarRequestStatus>().notNull().default('pending'),
    reason: text('reason'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    /** The car created or changed on approval. */
    resultCarId: integer('result_car_id').references(() => cars.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('car_requests_status_idx').on(t.status, t.createdAt),
    index('car_requests_captain_idx').on(t.captainId),
  ],
);
