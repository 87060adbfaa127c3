import { sessionContract as contract, emailSchema, MSG, passwordSchema, sessionPolicy } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { replies } from '../../http/schema';

const forgotBody = z.object({ email: emailSchema });
const resetBody = z.object({
  token: z.string({ error: MSG.resetLinkInvalid }).trim().min(1, MSG.resetLinkInvalid).max(200, MSG.resetLinkInvalid),
  password: passwordSchema,
});

/**
 * Password reset by e-mail (shell.md §2: /reset-password-email and /reset-password). Both calls are
 * public and limited like the login (per address, and per account and address; per token and address for the
 * reset).
 */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/password/forgot',
    {
      config: { policy: sessionPolicy.forgotPassword },
      schema: replies(contract.forgotPassword, { body: forgotBody }),
    },
    async (request) => {
      // Every call sends an e-mail: each counts, like a wrong attempt.
      await app.auth.limited(
        'password_forgot',
        request.ip,
        request.body.email,
        () => app.passwordResets.request(request.body.email),
        { everyCallCounts: true },
      );
      return ok(null, MSG.resetEmailSent);
    },
  );

  app.post(
    '/password/reset',
    { config: { policy: sessionPolicy.resetPassword }, schema: replies(contract.resetPassword, { body: resetBody }) },
    async (request) => {
      await app.auth.limited('password_reset', request.ip, request.body.token, () =>
        app.passwordResets.reset(request.body.token, request.body.password),
      );
      return ok(null, MSG.passwordChanged);
    },
  );
};
