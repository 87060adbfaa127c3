import {
  answerCodeSchema,
  answerSetSchema,
  surveysContract as contract,
  dbId,
  MSG,
  RESOURCE_MSG,
  ROWS_PER_PAGE_OPTIONS,
  SURVEY_MSG,
  surveyInputSchema,
  surveyPolicy,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { tooManyAttempts } from '../../http/errors';
import { pageQueryAmong } from '../../http/pagination';
import { replies } from '../../http/schema';
import { clientKey } from '../../lib/rate-limit';

/** An app reads the form, then answers: a few calls per sign-in's worth of attempts. */
const ANSWER_CALLS_PER_LOGIN = 4;

const idParams = z.object({ id: dbId(MSG.notFound) });
const codeParams = z.object({ code: answerCodeSchema });
const pageQuery = pageQueryAmong(new Set(ROWS_PER_PAGE_OPTIONS), RESOURCE_MSG.invalidPerPage).pick({
  page: true,
  perPage: true,
});

/**
 * Surveys: drafts (POST, PUT), sending and closing, results; the recipients' app reads and answers with
 * its personal code (survey_answer/{code}, no staff token); in development a loopback answers as the
 * next recipient (the e2e runs have no app).
 */
export const surveysRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Codes are guessed by nobody: the public calls are limited per address as the sign-in is. */
  const throttle = async (ip: string) => {
    const { maxPerIp, windowSeconds } = app.config.loginRate;
    const hit = await app.limiter.hit(
      `survey_answer:ip:${clientKey(ip)}`,
      maxPerIp * ANSWER_CALLS_PER_LOGIN,
      windowSeconds * 1000,
    );
    if (!hit.allowed) throw tooManyAttempts(hit.retryAfterMs);
  };

  app.get(
    '/surveys',
    { config: { policy: surveyPolicy.read }, schema: replies(contract.surveys, { querystring: pageQuery }) },
    async (request) => ok(await app.surveys.list({ ...request.query, url: request.url })),
  );

  app.get(
    '/surveys/:id',
    { config: { policy: surveyPolicy.read }, schema: replies(contract.survey, { params: idParams }) },
    async (request) => ok(await app.surveys.get(request.params.id)),
  );

  app.get(
    '/surveys/:id/results',
    { config: { policy: surveyPolicy.read }, schema: replies(contract.results, { params: idParams }) },
    async (request) => ok(await app.surveys.results(request.params.id)),
  );

  app.post(
    '/surveys',
    {
      config: { policy: surveyPolicy.change, idempotent: true },
      schema: replies(contract.survey, { body: surveyInputSchema }),
    },
    async (request) => ok(await app.surveys.create(request.body, request.user.id), SURVEY_MSG.created),
  );

  app.put(
    '/surveys/:id',
    {
      config: { policy: surveyPolicy.change },
      schema: replies(contract.survey, { params: idParams, body: surveyInputSchema }),
    },
    async (request) =>
      ok(await app.surveys.update(request.params.id, request.body, request.user.id), SURVEY_MSG.updated),
  );

  app.put(
    '/surveys/:id/send',
    { config: { policy: surveyPolicy.change }, schema: replies(contract.survey, { params: idParams }) },
    async (request) => {
      const sent = await app.surveys.send(request.params.id, request.user.id);
      return ok(sent, SURVEY_MSG.sent(sent.recipients));
    },
  );

  app.put(
    '/surveys/:id/close',
    { config: { policy: surveyPolicy.change }, schema: replies(contract.survey, { params: idParams }) },
    async (request) => ok(await app.surveys.close(request.params.id, request.user.id), SURVEY_MSG.closed),
  );

  app.get(
    '/survey_answer/:code',
    { config: { policy: surveyPolicy.answer }, schema: replies(contract.form, { params: codeParams }) },
    async (request) => {
      await throttle(request.ip);
      return ok(await app.surveys.form(request.params.code));
    },
  );

  app.post(
    '/survey_answer/:code',
    {
      config: { policy: surveyPolicy.answer },
      schema: replies(contract.answered, { params: codeParams, body: answerSetSchema }),
    },
    async (request) => {
      await throttle(request.ip);
      return ok(await app.surveys.answerByCode(request.params.code, request.body.answers), SURVEY_MSG.answered);
    },
  );

  // Development only: plays a recipient's app answering (the e2e runs have no simulator).
  if (app.config.isDevelopment) {
    app.post(
      '/surveys/dev/answer',
      {
        config: { policy: surveyPolicy.devAnswer, localOnly: true },
        schema: replies(contract.answered, { body: answerSetSchema.extend({ survey_id: dbId(MSG.notFound) }) }),
      },
      async (request) =>
        ok(await app.surveys.answerAsNext(request.body.survey_id, request.body.answers), SURVEY_MSG.answered),
    );
  }
};
