import {
  CAPTAIN_APP_MSG,
  captainLoginBody,
  captainSendCodeBody,
  captainContract as contract,
  captainAppPolicy as policy,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../http/envelope';
import { replies } from '../../../http/schema';
import { dateOf } from '../../../lib/clock';
import { hasLiveCaptainSession, revokeCaptainSession } from '../sessions';
import { captainLogin, captainProfile, sendCaptainCode } from '../sign-in';
import { signedInCaptain } from './actor';

/** Signing in by phone and SMS code, the captain's profile, signing out (offline too when it was their last session). */
export const captainAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/captain-app/send_code',
    { config: { policy: policy.sendCode }, schema: replies(contract.sendCode, { body: captainSendCodeBody }) },
    async (request) => {
      await sendCaptainCode(app, request.ip, request.body.phone);
      return ok(null, CAPTAIN_APP_MSG.codeSent);
    },
  );

  app.post(
    '/captain-app/login',
    { config: { policy: policy.signIn }, schema: replies(contract.session, { body: captainLoginBody }) },
    async (request) =>
      ok(await captainLogin(app, request.ip, request.body.phone, request.body.code), CAPTAIN_APP_MSG.signedIn),
  );

  app.get('/captain-app/me', { config: { policy: policy.own }, schema: replies(contract.profile) }, async (request) =>
    ok(await captainProfile(app, signedInCaptain(request).id)),
  );

  app.post(
    '/captain-app/logout',
    { config: { policy: policy.own }, schema: replies(contract.signedOut) },
    async (request) => {
      const { id } = signedInCaptain(request);
      const now = dateOf(app.clock);
      await revokeCaptainSession(app.db, request.captainSessionId as number, now);
      // No app of theirs is left to take offers: off the map and out of the dispatch.
      if (!(await hasLiveCaptainSession(app.db, id, now))) await app.locations.setOnline(id, false);
      return ok(null, CAPTAIN_APP_MSG.signedOut);
    },
  );
};
