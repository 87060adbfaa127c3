import { MSG, seasonSchema, settingsContract, settingsPolicy } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/setting',
    {
      config: { policy: settingsPolicy.read },
      schema: {
        querystring: z.object({ key: z.string({ error: MSG.required }).min(1, MSG.required) }),
        response: { 200: settingsContract.get },
      },
    },
    async (request) => ok(await app.settings.get(request.query.key)),
  );

  app.put(
    '/setting/season',
    {
      config: { policy: settingsPolicy.setSeason },
      schema: { body: seasonSchema, response: { 200: settingsContract.season } },
    },
    async (request) => {
      await app.settings.setSeason(request.body.season, request.user.id);
      return ok({ season: request.body.season }, MSG.seasonUpdated);
    },
  );
};
