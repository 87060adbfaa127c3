import { csvExport, SURVEY_LABELS, surveyAudienceLabel, surveyPolicy, EXPORT_TEXT as T } from '@taxi/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { surveyQuestions, surveyRecipients, surveys, users } from '../../db/schema';
import { csvCityDay, csvCityTime, csvTranslator, type KeysetKey, keysetBatches, sendCsv } from '../../http/csv';
import { replies } from '../../http/schema';
import { personName } from '../complaints/log';

/** GET surveys' order: newest first. */
const KEYS: KeysetKey[] = [
  { expr: surveys.createdAt, descending: true },
  { expr: surveys.id, descending: true },
];

/** GET surveys/export.csv: every survey with its counts, as the surveys page lists them, as streamed CSV. */
export const surveysExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/surveys/export.csv',
    {
      config: { policy: surveyPolicy.read },
      // GET surveys takes paging only: the page lists every survey.
      schema: { ...replies(csvExport('Surveys'), { querystring: z.object({}) }), tags: ['surveys'] },
    },
    async (request, reply) => {
      const [{ n }] = await app.db.select({ n: count() }).from(surveys);
      const tr = csvTranslator(request);
      return sendCsv(reply, {
        name: 'surveys',
        date: csvCityDay(app.clock),
        total: n,
        header: [
          T.id,
          T.title,
          T.status,
          T.audience,
          T.channel,
          T.questions,
          T.recipients,
          T.responses,
          T.author,
          T.created,
          T.sent,
          T.closed,
        ].map(tr),
        batches: keysetBatches(KEYS, ({ after, order, cursor, limit }) =>
          app.db
            .select({
              survey: surveys,
              first: users.firstName,
              last: users.lastName,
              questions: sql<number>`(select count(*)::int from ${surveyQuestions} where ${surveyQuestions.surveyId} = ${surveys.id})`,
              recipients: sql<number>`(select count(*)::int from ${surveyRecipients} where ${surveyRecipients.surveyId} = ${surveys.id})`,
              responses: sql<number>`(select count(${surveyRecipients.answeredAt})::int from ${surveyRecipients} where ${surveyRecipients.surveyId} = ${surveys.id})`,
              ...cursor,
            })
            .from(surveys)
            .leftJoin(users, eq(users.id, surveys.createdBy))
            .where(after)
            .orderBy(...order)
            .limit(limit),
        ),
        row: ({ survey: s, first, last, questions, recipients, responses }) =>
          tr.within(() => [
            s.id,
            s.title,
            SURVEY_LABELS.statuses[s.status],
            surveyAudienceLabel(s.audience, s.recentDays),
            SURVEY_LABELS.channels[s.channel],
            Number(questions),
            Number(recipients),
            Number(responses),
            personName(first, last),
            csvCityTime(s.createdAt),
            csvCityTime(s.sentAt),
            csvCityTime(s.closedAt),
          ]),
      });
    },
  );
};
