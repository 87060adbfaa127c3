import { smsContract as contract, smsPolicy } from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { replies } from '../../http/schema';
import { dateOf } from '../../lib/clock';
import { listSmsCodes, smsCodeListQuery } from './queries';

/** The verification codes sent to passengers and captains (/sms_codes): listed, never shown. */
export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sms_codes',
    { config: { policy: smsPolicy.codes }, schema: replies(contract.codes, { querystring: smsCodeListQuery }) },
    async (request) => {
      const { page, perPage, ...filters } = request.query;
      return ok(await listSmsCodes(app.db, filters, { page, perPage, url: request.url }, dateOf(app.clock)));
    },
  );
};
