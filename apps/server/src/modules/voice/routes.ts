import {
  CALL_DIRECTIONS,
  CALL_OUTCOMES,
  callAnsweredBodySchema,
  callBookingBodySchema,
  callEndedBodySchema,
  callOutgoingBodySchema,
  callTransferBodySchema,
  voiceContract as contract,
  dbId,
  normalisePhone,
  type PhoneSearch,
  phoneSearch,
  text,
  voicePolicy,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { paginate } from '../../http/pagination';
import { replies } from '../../http/schema';

const PHONE = { policy: voicePolicy.phone };
const phoneNumber = text(32)
  .transform(normalisePhone)
  .refine((n) => /^\+?\d{3,20}$/.test(n), 'Enter a phone number');
const day = z.iso.date();
/** The call log's number filter: any form an operator types (06 00 00 93 51, +33…, a part of one), as elsewhere. */
const numberSearch = text(32).transform((typed, ctx): PhoneSearch => {
  const search = phoneSearch(typed);
  if (!search) ctx.addIssue({ code: 'custom', message: 'Enter a phone number' });
  return search ?? { e164: null, national: null, international: false, patterns: [] };
});

const callsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(25),
  direction: z.enum(CALL_DIRECTIONS).optional(),
  outcome: z.enum(CALL_OUTCOMES).optional(),
  operator_id: dbId().optional(),
  booking_id: dbId().optional(),
  number: numberSearch.optional(),
  from: day.optional(),
  to: day.optional(),
});

/** The console's side: the softphone's credentials and events, the caller lookup, the call log. */
export const voiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/voice/credentials', { config: PHONE, schema: replies(contract.credentials) }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(app.voice.credentials(request.user, request.tokenId ?? 0));
  });
  app.get(
    '/voice/caller',
    { config: PHONE, schema: replies(contract.caller, { querystring: z.object({ number: phoneNumber }) }) },
    async (request) => ok(await app.voice.caller(request.query.number)),
  );
  app.post(
    '/voice/calls/answered',
    { config: PHONE, schema: replies(contract.call, { body: callAnsweredBodySchema }) },
    async (request) => ok(await app.voice.answered(request.user, request.body.call_id)),
  );
  app.post(
    '/voice/calls/ended',
    { config: PHONE, schema: replies(contract.call, { body: callEndedBodySchema }) },
    async (request) => ok(await app.voice.ended(request.user, request.body.call_id)),
  );
  app.post(
    '/voice/calls/outgoing',
    {
      config: PHONE,
      schema: replies(contract.call, { body: callOutgoingBodySchema.extend({ to_number: phoneNumber }) }),
    },
    async (request) => ok(await app.voice.outgoing(request.user, request.body.call_id, request.body.to_number)),
  );
  app.post(
    '/voice/calls/booking',
    { config: PHONE, schema: replies(contract.call, { body: callBookingBodySchema }) },
    async (request) => ok(await app.voice.linkBooking(request.user, request.body.call_id, request.body.booking_id)),
  );
  app.get('/voice/operators', { config: PHONE, schema: replies(contract.operators) }, async (request) =>
    ok(await app.voice.operators(request.user)),
  );
  app.post(
    '/voice/calls/transfer',
    { config: PHONE, schema: replies(contract.call, { body: callTransferBodySchema }) },
    async (request) => ok(await app.voice.transfer(request.user, request.body.call_id, request.body.to_user_id)),
  );
  app.get(
    '/calls',
    { config: { policy: voicePolicy.calls }, schema: replies(contract.calls, { querystring: callsQuery }) },
    async (request) => {
      const { page, perPage, from, to, ...rest } = request.query;
      const filters = {
        ...rest,
        from: from ? new Date(`${from}T00:00:00Z`) : undefined,
        to: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
      };
      return ok(
        await paginate(
          { count: () => app.voice.count(filters), rows: (limit, offset) => app.voice.list(filters, limit, offset) },
          { page, perPage, url: request.url },
        ),
      );
    },
  );
};
