import {
  AI_MSG,
  CAPTAIN_APP_MSG,
  captainOfferAnswerBody,
  captainOfferParams,
  captainContract as contract,
  captainAppPolicy as policy,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../http/envelope';
import { conflict, notFound } from '../../../http/errors';
import { replies } from '../../../http/schema';
import { offerOf, openOffers } from '../queries';
import { signedInCaptain } from './actor';

/** The captain's open offers, and their answer to one (through the AI's offer lifecycle, as the dispatch expects). */
export const captainOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/captain-app/offers',
    { config: { policy: policy.work }, schema: replies(contract.offers) },
    async (request) => ok(await openOffers(app, signedInCaptain(request).id)),
  );

  app.post(
    '/captain-app/offers/:bookingId/answer',
    {
      config: { policy: policy.work },
      schema: replies(contract.offerAnswer, { params: captainOfferParams, body: captainOfferAnswerBody }),
    },
    async (request) => {
      const { id } = signedInCaptain(request);
      const { bookingId } = request.params;
      // An offer that was never this captain's is not named to them.
      const offer = await offerOf(app.db, id, bookingId);
      if (!offer) throw notFound();
      if (!offer.until || offer.until.getTime() <= app.clock.now()) throw conflict(AI_MSG.noOffer);
      await app.ai.answerOffer(id, bookingId, request.body.accept);
      return ok({ booking_id: bookingId, accepted: request.body.accept }, CAPTAIN_APP_MSG.offerAnswered);
    },
  );
};
