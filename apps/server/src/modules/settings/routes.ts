import {
  MSG,
  SETTING_MSG,
  type SettingGroup,
  seasonSchema,
  settingsContract,
  settingsGroupSchema,
  settingsPolicy,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';

const GROUPS: readonly SettingGroup[] = ['general', 'dispatching', 'bookings'];

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

  // The settings pages: one group each (/settings, /dispatching, /MaxBookingCount).
  for (const group of GROUPS) {
    const rules = settingsPolicy[group];
    app.get(
      `/settings/${group}`,
      { config: { policy: rules.read }, schema: { response: { 200: settingsContract.group } } },
      async () => ok({ group, values: await app.settings.group(group) }),
    );
    app.put(
      `/settings/${group}`,
      {
        config: { policy: rules.write },
        schema: { body: settingsGroupSchema(group), response: { 200: settingsContract.group } },
      },
      async (request) => {
        await app.settings.setMany(request.body, request.user.id);
        return ok({ group, values: await app.settings.group(group) }, SETTING_MSG.saved);
      },
    );
  }
};
