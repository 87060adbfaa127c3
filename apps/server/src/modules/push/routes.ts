import { pushContract as contract, pushPolicy, pushSubscriptionSchema, pushUnsubscribeSchema } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { replies } from '../../http/schema';

/** The longest User-Agent kept with a subscription (it only tells the browsers of a user apart). */
const USER_AGENT_MAX = 300;

/** Web push (shell.md §4): the console registers its browser once the chat connection is up. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/push/public_key',
    { config: { policy: pushPolicy.subscribe }, schema: replies(contract.publicKey) },
    async () => ok({ publicKey: app.push.publicKey }),
  );

  app.post(
    '/push/subscribe',
    { config: { policy: pushPolicy.subscribe }, schema: replies(contract.subscribe, { body: pushSubscriptionSchema }) },
    async (request) => {
      const userAgent = request.headers['user-agent']?.slice(0, USER_AGENT_MAX) ?? null;
      await app.push.subscribe(request.user.id, request.body, userAgent);
      return ok(null);
    },
  );

  app.delete(
    '/push/subscribe',
    {
      config: { policy: pushPolicy.subscribe },
      schema: replies(contract.unsubscribe, { body: pushUnsubscribeSchema }),
    },
    async (request) => ok({ removed: await app.push.unsubscribe(request.user.id, request.body.endpoint) }),
  );
};
