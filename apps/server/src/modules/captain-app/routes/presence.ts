import {
  CAPTAIN_APP_MSG,
  captainPositionsBody,
  captainContract as contract,
  captainAppPolicy as policy,
} from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captains } from '../../../db/schema';
import { ok } from '../../../http/envelope';
import { conflict } from '../../../http/errors';
import { replies } from '../../../http/schema';
import { reportPositions } from '../positions';
import { signedInCaptain } from './actor';

/**
 * Going online and offline, and the phone's position batches. Online needs a captain who may work (the
 * `work` rule: approved, active, not blocked, with a car — whom the dispatch engine would offer bookings to);
 * going offline is always allowed, so a captain blocked meanwhile still leaves the map.
 */
export const captainPresenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/captain-app/online',
    { config: { policy: policy.work }, schema: replies(contract.presence) },
    async (request) => {
      await app.locations.setOnline(signedInCaptain(request).id, true);
      return ok({ online: true }, CAPTAIN_APP_MSG.online);
    },
  );

  app.post(
    '/captain-app/offline',
    { config: { policy: policy.own }, schema: replies(contract.presence) },
    async (request) => {
      await app.locations.setOnline(signedInCaptain(request).id, false);
      return ok({ online: false }, CAPTAIN_APP_MSG.offline);
    },
  );

  app.post(
    '/captain-app/positions',
    { config: { policy: policy.work }, schema: replies(contract.positions, { body: captainPositionsBody }) },
    async (request) => {
      const { id } = signedInCaptain(request);
      const [row] = await app.db.select({ online: captains.online }).from(captains).where(eq(captains.id, id));
      if (!row?.online) throw conflict(CAPTAIN_APP_MSG.goOnlineFirst);
      return ok(await reportPositions(app, id, request.body.positions));
    },
  );
};
