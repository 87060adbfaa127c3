import {
  BROADCAST_MSG,
  type BroadcastTarget,
  broadcastCreateSchema,
  broadcastPolicy,
  broadcastTargetSchema,
  broadcastsContract as contract,
  dbId,
  MSG,
  parseTarget,
  RESOURCE_MSG,
  ROWS_PER_PAGE_OPTIONS,
  scheduledMessageCreateSchema,
  scheduledMessagePolicy,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { pageQueryAmong } from '../../http/pagination';
import { replies } from '../../http/schema';

const idParams = z.object({ id: dbId(MSG.notFound) });
const pageQuery = pageQueryAmong(new Set(ROWS_PER_PAGE_OPTIONS), RESOURCE_MSG.invalidPerPage).pick({
  page: true,
  perPage: true,
});
// A list of numbers is not counted ahead: its numbers travel in the message's body, never in a URL.
const previewQuery = z.object({
  target: broadcastTargetSchema.refine((v) => parseTarget(v)?.kind !== 'numbers', BROADCAST_MSG.numbersNotCounted),
});
/** The target's shape was checked by the schema. */
const targetOf = (code: string) => parseTarget(code) as BroadcastTarget;

/**
 * Messages to captains: POST broadcast sends now (the counts come back), GET broadcast is the history,
 * GET broadcast/preview how many captains a target reaches; scheduled_messages are sent by the jobs.
 */
export const broadcastsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/broadcast',
    { config: { policy: broadcastPolicy.read }, schema: replies(contract.broadcasts, { querystring: pageQuery }) },
    async (request) => ok(await app.broadcasts.history({ ...request.query, url: request.url })),
  );

  app.get(
    '/broadcast/preview',
    { config: { policy: broadcastPolicy.targets }, schema: replies(contract.preview, { querystring: previewQuery }) },
    async (request) => ok(await app.broadcasts.preview(targetOf(request.query.target))),
  );

  app.get(
    '/broadcast/targets',
    { config: { policy: broadcastPolicy.targets }, schema: replies(contract.targets) },
    async () => ok(await app.broadcasts.targets()),
  );

  app.get(
    '/broadcast/:id',
    { config: { policy: broadcastPolicy.read }, schema: replies(contract.broadcast, { params: idParams }) },
    async (request) => ok(await app.broadcasts.get(request.params.id)),
  );

  app.post(
    '/broadcast',
    {
      config: { policy: broadcastPolicy.send, idempotent: true },
      schema: replies(contract.broadcast, { body: broadcastCreateSchema }),
    },
    async (request) => {
      const { body, target, phone_numbers } = request.body;
      const sent = await app.broadcasts.send({
        body,
        target: targetOf(target),
        phoneNumbers: phone_numbers,
        actorId: request.user.id,
      });
      return ok(sent, BROADCAST_MSG.sent(sent.counts.targeted));
    },
  );

  app.get(
    '/scheduled_messages',
    {
      config: { policy: scheduledMessagePolicy.read },
      schema: replies(contract.scheduledList, { querystring: pageQuery }),
    },
    async (request) => ok(await app.scheduledMessages.list({ ...request.query, url: request.url })),
  );

  app.post(
    '/scheduled_messages',
    {
      config: { policy: scheduledMessagePolicy.change, idempotent: true },
      schema: replies(contract.scheduled, { body: scheduledMessageCreateSchema }),
    },
    async (request) => ok(await app.scheduledMessages.create(request.body, request.user.id), BROADCAST_MSG.scheduled),
  );

  app.put(
    '/scheduled_messages/:id/cancel',
    { config: { policy: scheduledMessagePolicy.change }, schema: replies(contract.scheduled, { params: idParams }) },
    async (request) =>
      ok(await app.scheduledMessages.cancel(request.params.id, request.user.id), BROADCAST_MSG.cancelled),
  );

  app.delete(
    '/scheduled_messages/:id',
    { config: { policy: scheduledMessagePolicy.change }, schema: replies(contract.removed, { params: idParams }) },
    async (request) => {
      await app.scheduledMessages.remove(request.params.id, request.user.id);
      return ok(null, BROADCAST_MSG.deleted);
    },
  );

  app.get(
    '/scheduled_messages/:id/runs',
    {
      config: { policy: scheduledMessagePolicy.read },
      schema: replies(contract.broadcasts, { params: idParams, querystring: pageQuery }),
    },
    async (request) => ok(await app.scheduledMessages.runs(request.params.id, { ...request.query, url: request.url })),
  );
};
