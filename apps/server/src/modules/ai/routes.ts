import { AI_MSG, aiPolicy, BOOKING_MSG, aiContract as contract, dbId, MSG } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { replies } from '../../http/schema';
import { aiStatusOf, findUserById } from '../users/queries';

const idParams = z.object({ id: dbId(MSG.notFound) });
const minutes = z.coerce.number({ error: MSG.required }).int().min(0).max(1440);
const aiStatusBody = z
  .object({
    ai_stopped: z
      .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])])
      .transform((v) => (v === true || v === 1 || v === 'true' || v === '1' ? '1' : '0'))
      .optional(),
    snooze_interval: minutes.optional(),
    dispatch_interval: minutes.optional(),
    /** null ends a snooze now ('Resume now'); a snooze itself starts from the popup's Snooze. */
    snoozed_at: z.null().optional(),
  })
  .strict();

const ANSWER = { policy: aiPolicy.answer };
const withId = <R extends z.ZodType>(response: R) => replies(response, { params: idParams });
const statusSchema = replies(contract.status, { body: aiStatusBody });
const popupsSchema = replies(contract.popups);
const ownStatusSchema = replies(contract.status);

/** AI calls of bookings.md §7 and the user's AI status. Rules live in AiService. */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  const ai = app.ai;

  app.post(
    '/booking/:id/let_ai_dispatch_it',
    { config: { policy: aiPolicy.letAiDispatch }, schema: withId(contract.booking) },
    async (request) => {
      const booking = await ai.pass(request.params.id, request.user, 'operator');
      return ok(booking, BOOKING_MSG.dispatched(booking.id));
    },
  );

  app.post('/booking/:id/snooze', { config: ANSWER, schema: withId(contract.snooze) }, async (request) => {
    const result = await ai.snooze(request.user, request.params.id);
    return ok(result, AI_MSG.snoozed(result.minutes));
  });

  app.post('/booking/:id/confirm_suggestion', { config: ANSWER, schema: withId(contract.booking) }, async (request) => {
    const { booking, message } = await ai.confirm(request.user, request.params.id);
    return ok(booking, message);
  });

  app.post('/booking/:id/refuse_suggestion', { config: ANSWER, schema: withId(contract.booking) }, async (request) => {
    const { booking, message } = await ai.refuse(request.user, request.params.id);
    return ok(booking, message);
  });

  // Development only: plays the captain app accepting the booking's offer (demo, e2e without simulator).
  if (app.config.isDevelopment) {
    const devAcceptBody = z
      .object({
        captain_id: dbId().optional(),
        lon: z.coerce.number().min(-180).max(180).optional(),
        lat: z.coerce.number().min(-90).max(90).optional(),
      })
      .optional();
    app.post(
      '/ai/dev/accept/:id',
      {
        // Loopback clients only (404 for others, before the token is checked); never outside development.
        config: { policy: aiPolicy.devAccept, localOnly: true },
        schema: { params: idParams, body: devAcceptBody, response: { 200: contract.popup } },
      },
      async (request) => {
        const { captain_id, lon, lat } = request.body ?? {};
        const at: [number, number] | undefined = lon !== undefined && lat !== undefined ? [lon, lat] : undefined;
        return ok(await ai.popupOf(await ai.acceptAsCaptain(request.params.id, { captainId: captain_id, at })));
      },
    );
  }

  // Development only: plays the captain apps refusing the booking's live offers, then the cascade's next step.
  if (app.config.isDevelopment) {
    app.post(
      '/ai/dev/refuse/:id',
      {
        config: { policy: aiPolicy.devRefuse, localOnly: true },
        schema: { params: idParams, response: { 200: contract.devRefuse } },
      },
      async (request) => ok(await ai.refuseAsCaptains(request.params.id)),
    );
  }

  app.get('/ai/suggestions', { config: { policy: aiPolicy.popups }, schema: popupsSchema }, async (request) =>
    ok(await ai.openPopups(request.user.id)),
  );

  app.get('/ai_status', { config: { policy: aiPolicy.ownStatus }, schema: ownStatusSchema }, async (request) => {
    const user = await findUserById(app.db, request.user.id);
    if (!user) throw notFound();
    return ok(aiStatusOf(user));
  });

  app.put('/ai_status', { config: { policy: aiPolicy.ownStatus }, schema: statusSchema }, async (request) => {
    const status = await app.users.setAiStatus(request.user.id, request.body, request.user.id);
    return ok(status, AI_MSG.aiStatusSaved);
  });
};
