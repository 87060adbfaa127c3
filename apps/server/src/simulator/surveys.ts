import { type AnswerItem, RATING_MAX } from '@taxi/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { carModels, cars, colors, surveyQuestions, surveyRecipients, surveys } from '../db/schema';
import { seededRandom } from './clock';

/** Answers per hour across every open survey (a few recipients answer each time). */
const ANSWERS_PER_HOUR = 40;
/** Car requests the captains file per hour. */
const CAR_REQUESTS_PER_HOUR = 2;
/** The share of recipients who ever answer. */
const ANSWERING_SHARE = 0.6;
const COMMENTS = [
  'All good, thanks.',
  'The app could show the next pick-up sooner.',
  'Please add more waiting spots at the station.',
  'Friendly and on time.',
  'The car was very clean.',
];

/**
 * The recipients' apps answering surveys over time and the captains' apps filing car requests now and
 * then, through the same services as the real calls. Its own seeded sequence: it shifts no other draw.
 */
export class SimSurveys {
  private readonly random: () => number;
  /** Recipients who decided not to answer. */
  private readonly silent = new Set<number>();

  constructor(
    private readonly app: FastifyInstance,
    seeded: boolean,
  ) {
    this.random = seeded ? seededRandom(11) : Math.random;
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)];
  }

  async step(now: number, dt: number): Promise<void> {
    const answers = Math.floor((ANSWERS_PER_HOUR / 3600) * dt + this.random());
    if (answers > 0) await this.answerSome(answers);
    if (this.random() < (CAR_REQUESTS_PER_HOUR / 3600) * dt) await this.fileCarRequest(now);
  }

  private async answerSome(n: number): Promise<void> {
    const { db } = this.app;
    const waiting = await db
      .select({ id: surveyRecipients.id, surveyId: surveyRecipients.surveyId })
      .from(surveyRecipients)
      .innerJoin(surveys, eq(surveys.id, surveyRecipients.surveyId))
      .where(and(eq(surveys.status, 'sent'), isNull(surveyRecipients.answeredAt)))
      .orderBy(asc(surveyRecipients.id))
      .limit(200);
    const candidates = waiting.filter((w) => !this.silent.has(w.id));
    for (let i = 0; i < n && candidates.length > 0; i++) {
      const [recipient] = candidates.splice(Math.floor(this.random() * candidates.length), 1);
      if (this.random() > ANSWERING_SHARE) {
        this.silent.add(recipient.id);
        continue;
      }
      const questions = await db
        .select()
        .from(surveyQuestions)
        .where(eq(surveyQuestions.surveyId, recipient.surveyId))
        .orderBy(asc(surveyQuestions.position));
      const answers: AnswerItem[] = questions.flatMap((q): AnswerItem[] => {
        if (q.kind === 'choice') return [{ question_id: q.id, choice: Math.floor(this.random() * q.options.length) }];
        // Ratings lean to the good side, as riders' do.
        if (q.kind === 'rating')
          return [{ question_id: q.id, rating: Math.min(RATING_MAX, 2 + Math.floor(this.random() * 4)) }];
        return q.required || this.random() < 0.4 ? [{ question_id: q.id, text: this.pick(COMMENTS) }] : [];
      });
      await this.app.surveys.answer(recipient.id, answers);
    }
  }

  private async fileCarRequest(now: number): Promise<void> {
    const { db } = this.app;
    const [models, colorRows, owned] = await Promise.all([
      db.select({ id: carModels.id }).from(carModels).limit(50),
      db.select({ id: colors.id }).from(colors).limit(50),
      db.select({ id: cars.id, captainId: cars.captainId }).from(cars).orderBy(asc(cars.id)).limit(500),
    ]);
    const car = owned.length > 0 ? this.pick(owned) : undefined;
    if (!car?.captainId || models.length === 0 || colorRows.length === 0) return;
    const change = this.random() < 0.6;
    const year = new Date(now).getUTCFullYear() - Math.floor(this.random() * 8);
    await this.app.carRequests.file(car.captainId, {
      kind: change ? 'change' : 'add',
      car_id: change ? car.id : null,
      car_model_id: this.pick(models).id,
      color_id: this.pick(colorRows).id,
      number: `MC-${String(10_000 + Math.floor(this.random() * 89_999))}`,
      year,
    });
  }
}

const instances = new WeakMap<FastifyInstance, SimSurveys>();

/** The simulated survey answers and car requests of this server (a seeded world seeds them too). */
export function simSurveys(app: FastifyInstance, seeded: boolean): SimSurveys {
  let sim = instances.get(app);
  if (!sim) {
    sim = new SimSurveys(app, seeded);
    instances.set(app, sim);
  }
  return sim;
}
