import { sessionContract as contract, MSG, preferencesSchema, sessionPolicy, staffPolicy } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authorize } from '../../http/auth';
import { ok } from '../../http/envelope';
import { HttpError, notFound } from '../../http/errors';
import { staffSubjectOf } from '../users/queries';
import { loginBodySchema, sendCodeBodySchema } from './schemas';
import { presentAuthUser } from './service';

/** A user id of the URL (int4), or 404. */
const userIdParam = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * shell.md §7: admin_send_code, admin_login, check_auth, generate_chat_token, logout; and (issue 9)
 * logout everywhere and an admin ending a user's sessions. Ending a session revokes its token and
 * disconnects its sockets on every node (see sessions.ts).
 */
const onlineBody = z.object({
  online: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
    .transform((v) => v === true || v === '1' || v === 'true'),
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin_send_code',
    {
      config: { policy: sessionPolicy.sendCode },
      schema: { body: sendCodeBodySchema, response: { 200: contract.sendCode } },
    },
    async (request) => {
      await app.auth.limited('send_code', request.ip, request.body.username, () => app.auth.sendCode(request.body));
      return ok(null, MSG.codeSent);
    },
  );

  app.post(
    '/admin_login',
    { config: { policy: sessionPolicy.signIn }, schema: { body: loginBodySchema, response: { 200: contract.login } } },
    async (request) => {
      const session = await app.auth.limited('login', request.ip, request.body.username, () =>
        app.auth.login(request.body),
      );
      return ok(session, MSG.loggedIn);
    },
  );

  // The user as read with the token: the check costs no statement beyond authentication.
  app.get(
    '/check_auth',
    { config: { policy: sessionPolicy.own }, schema: { response: { 200: contract.checkAuth } } },
    async (request) => {
      if (!request.userRow) throw new HttpError(401, MSG.unauthenticated);
      return ok(presentAuthUser(request.userRow, request.user.roles, request.user.permissions));
    },
  );

  app.get(
    '/generate_chat_token',
    { config: { policy: sessionPolicy.chatToken }, schema: { response: { 200: contract.chatToken } } },
    async (request) => ok(app.auth.chatToken(request.user, request.tokenId as number)),
  );

  /** The online flag of the signed-in user (shell.md §4: "The online flag of the user can be set"). */
  app.put(
    '/online',
    { config: { policy: sessionPolicy.own }, schema: { body: onlineBody, response: { 200: contract.online } } },
    async (request) => {
      await app.users.setOnline(request.user.id, request.body.online);
      return ok({ online: request.body.online });
    },
  );

  /** The signed-in user's language and theme: what is sent replaces those keys, the rest stays. */
  app.put(
    '/preferences',
    {
      config: { policy: sessionPolicy.own },
      schema: { body: preferencesSchema, response: { 200: contract.preferences } },
    },
    async (request) => ok(await app.users.setPreferences(request.user.id, request.body)),
  );

  app.put(
    '/logout',
    { config: { policy: sessionPolicy.own }, schema: { response: { 200: contract.logout } } },
    async (request) => {
      await app.auth.logout(request.user.id, request.tokenId);
      return ok(null, MSG.loggedOut);
    },
  );

  /** Logout everywhere: every token of the signed-in user, this one included. */
  app.put(
    '/logout_all',
    { config: { policy: sessionPolicy.own }, schema: { response: { 200: contract.ended } } },
    async (request) => {
      const ended = await app.auth.endAllSessions(request.user.id);
      return ok({ ended }, MSG.loggedOutEverywhere);
    },
  );

  /** An administrator ends every session of another user (404 for an unknown user). */
  // The id is parsed in the handler: anything but a user id is a 404, not a 422.
  const sessionsSchema = { params: z.object({ id: z.string() }), response: { 200: contract.ended } };
  app.delete(
    '/user/:id/sessions',
    { config: { policy: staffPolicy.manage }, schema: sessionsSchema },
    async (request) => {
      const id = userIdParam.safeParse(request.params.id);
      if (!id.success) throw notFound();
      const subject = await staffSubjectOf(app.db, id.data);
      if (!subject) throw notFound();
      authorize(request, staffPolicy.endSessions, subject);
      const ended = await app.auth.endAllSessions(id.data);
      return ok({ ended }, MSG.sessionsEnded);
    },
  );
};
