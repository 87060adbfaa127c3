import { MSG } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { loginBodySchema, sendCodeBodySchema } from './schemas';

/** shell.md §7: admin_send_code, admin_login, check_auth, generate_chat_token, logout. */
const onlineBody = z.object({
  online: z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
    .transform((v) => v === true || v === '1' || v === 'true'),
});

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/admin_send_code', { config: { public: true }, schema: { body: sendCodeBodySchema } }, async (request) => {
    await app.auth.throttle('send_code', request.ip, request.body.username);
    await app.auth.sendCode(request.body);
    return ok(null, MSG.codeSent);
  });

  app.post('/admin_login', { config: { public: true }, schema: { body: loginBodySchema } }, async (request) => {
    await app.auth.throttle('login', request.ip, request.body.username);
    return ok(await app.auth.login(request.body), MSG.loggedIn);
  });

  app.get('/check_auth', async (request) => ok(await app.auth.currentUser(request.user.id)));

  app.get('/generate_chat_token', async (request) => ok(app.auth.chatToken(request.user)));

  /** The online flag of the signed-in user (shell.md §4: "The online flag of the user can be set"). */
  app.put('/online', { schema: { body: onlineBody } }, async (request) => {
    await app.users.setOnline(request.user.id, request.body.online);
    return ok({ online: request.body.online });
  });

  app.put('/logout', async (request) => {
    await app.auth.logout(request.tokenId);
    return ok(null, MSG.loggedOut);
  });
};
