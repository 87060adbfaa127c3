import {
  faresContract as contract,
  dbId,
  FARE_MSG,
  farePolicy,
  fareQuoteBody,
  priceRuleBody,
  serviceTariffsBody,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize } from '../../http/auth';
import { ok } from '../../http/envelope';
import { replies } from '../../http/schema';

const idParams = z.object({ id: dbId() });

/** Prices per service and season, the ordered price rules, and the estimate of the phone booking. */
export const fareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/fare/quote',
    { config: { policy: farePolicy.quote }, schema: replies(contract.quote, { body: fareQuoteBody }) },
    async (request) => {
      if (request.body.passenger_id !== undefined) authorize(request, farePolicy.quoteForPassenger);
      return ok(await app.fares.quote(request.body));
    },
  );

  app.get(
    '/booking/:id/fare',
    { config: { policy: farePolicy.bookingFare }, schema: replies(contract.bookingFare, { params: idParams }) },
    async (request) => ok(await app.fares.bookingFare(request.params.id)),
  );

  app.get(
    '/services/:id/prices',
    { config: { policy: farePolicy.read }, schema: replies(contract.tariffs, { params: idParams }) },
    async (request) => ok({ service_id: request.params.id, tariffs: await app.fares.tariffs(request.params.id) }),
  );

  app.put(
    '/services/:id/prices',
    {
      config: { policy: farePolicy.write },
      schema: replies(contract.tariffs, { params: idParams, body: serviceTariffsBody }),
    },
    async (request) => {
      const tariffs = await app.fares.saveTariffs(request.user.id, request.params.id, request.body.tariffs);
      return ok({ service_id: request.params.id, tariffs }, FARE_MSG.pricesSaved);
    },
  );

  app.get('/priceRules', { config: { policy: farePolicy.read }, schema: replies(contract.rules) }, async () =>
    ok(await app.fares.listRules()),
  );

  app.get(
    '/priceRules/:id',
    { config: { policy: farePolicy.read }, schema: replies(contract.rule, { params: idParams }) },
    async (request) => ok(await app.fares.rule(request.params.id)),
  );

  app.post(
    '/priceRules',
    { config: { policy: farePolicy.write }, schema: replies(contract.rule, { body: priceRuleBody }) },
    async (request) => ok(await app.fares.saveRule(request.user.id, null, request.body), FARE_MSG.ruleSaved),
  );

  app.put(
    '/priceRules/:id',
    { config: { policy: farePolicy.write }, schema: replies(contract.rule, { params: idParams, body: priceRuleBody }) },
    async (request) =>
      ok(await app.fares.saveRule(request.user.id, request.params.id, request.body), FARE_MSG.ruleSaved),
  );

  app.delete(
    '/priceRules/:id',
    { config: { policy: farePolicy.write }, schema: replies(contract.deleted, { params: idParams }) },
    async (request) => {
      await app.fares.deleteRule(request.user.id, request.params.id);
      return ok(null, FARE_MSG.ruleDeleted);
    },
  );
};
