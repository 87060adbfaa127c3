import { RATING_MAX, RATING_MIN, responseRate, type SurveyResultsDto } from '@taxi/shared';
import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { surveyAnswers, surveyQuestions, surveyRecipients } from '../../db/schema';

/** Newest text answers listed per question. */
export const TEXT_ANSWERS_LISTED = 200;

/** Recipients and responses of these surveys, in one grouped read. */
export async function surveyCounts(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, { recipients: number; responses: number }>> {
  const out = new Map<number, { recipients: number; responses: number }>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      id: surveyRecipients.surveyId,
      recipients: count(),
      responses: count(surveyRecipients.answeredAt),
    })
    .from(surveyRecipients)
    .where(inArray(surveyRecipients.surveyId, [...ids]))
    .groupBy(surveyRecipients.surveyId);
  for (const r of rows) out.set(r.id, { recipients: r.recipients, responses: r.responses });
  return out;
}

/**
 * A survey's results: per choice question the count of each option, per rating question the 1–5
 * distribution and the average, per text question its newest answers; the response rate of the whole.
 */
export async function surveyResults(db: DbOrTx, surveyId: number): Promise<SurveyResultsDto> {
  const questions = await db
    .select()
    .from(surveyQuestions)
    .where(eq(surveyQuestions.surveyId, surveyId))
    .orderBy(asc(surveyQuestions.position));
  const ids = questions.map((q) => q.id);
  const [tallies, texts, counts] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            questionId: surveyAnswers.questionId,
            choice: surveyAnswers.choice,
            rating: surveyAnswers.rating,
            n: count(),
          })
          .from(surveyAnswers)
          .where(inArray(surveyAnswers.questionId, ids))
          .groupBy(surveyAnswers.questionId, surveyAnswers.choice, surveyAnswers.rating),
    ids.length === 0
      ? []
      : db
          .select({ questionId: surveyAnswers.questionId, text: surveyAnswers.text, at: surveyAnswers.createdAt })
          .from(surveyAnswers)
          .where(and(inArray(surveyAnswers.questionId, ids), isNotNull(surveyAnswers.text)))
          .orderBy(desc(surveyAnswers.createdAt), desc(surveyAnswers.id)),
    surveyCounts(db, [surveyId]),
  ]);
  const { recipients, responses } = counts.get(surveyId) ?? { recipients: 0, responses: 0 };
  return {
    survey_id: surveyId,
    recipients,
    responses,
    response_rate: responseRate(responses, recipients),
    questions: questions.map((q) => {
      const mine = tallies.filter((t) => t.questionId === q.id);
      const answered = mine.reduce((sum, t) => sum + t.n, 0);
      const ratings = [];
      let total = 0;
      let rated = 0;
      for (let r = RATING_MIN; r <= RATING_MAX; r++) {
        const n = mine.filter((t) => t.rating === r).reduce((sum, t) => sum + t.n, 0);
        if (q.kind === 'rating') ratings.push({ rating: r, count: n });
        total += r * n;
        rated += n;
      }
      const list = texts.filter((t) => t.questionId === q.id).slice(0, TEXT_ANSWERS_LISTED);
      return {
        question_id: q.id,
        kind: q.kind,
        prompt: q.prompt,
        answered,
        options:
          q.kind === 'choice'
            ? q.options.map((label, i) => ({
                label,
                count: mine.filter((t) => t.choice === i).reduce((sum, t) => sum + t.n, 0),
              }))
            : [],
        ratings,
        average: q.kind === 'rating' && rated > 0 ? Math.round((total / rated) * 100) / 100 : null,
        texts: q.kind === 'text' ? list.map((t) => ({ text: t.text ?? '', answered_at: t.at.toISOString() })) : [],
      };
    }),
  };
}
