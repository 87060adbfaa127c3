import {
  ticketsContract as contract,
  dbId,
  TICKET_COMMENT_MAX,
  TICKET_MSG,
  TICKET_STATUSES,
  TICKET_TEXT_MAX,
  text,
  ticketPolicy,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { bool01, pageQuerySchema } from '../../http/pagination';
import { replies } from '../../http/schema';

const idParams = z.object({ id: dbId() });
const optionalId = dbId().optional().nullable();

/** POST tickets (people.md §7): answers keyed question_{field id}; the field checks are the service's. */
export const newTicketBody = z.object({
  ticket_type_id: dbId(TICKET_MSG.fieldRequired),
  last_question_id: optionalId,
  answers: z
    .record(
      z.string().regex(/^question_\d{1,10}$/, TICKET_MSG.unknownField),
      z.union([text(TICKET_TEXT_MAX), z.number().int().nonnegative().max(2_147_483_647)]),
    )
    .optional()
    .default({}),
  passenger_id: optionalId,
  captain_id: optionalId,
  user_id: optionalId,
});

/** The follow-up form's place (shell.md §3): ticket type, question and field ids, each null when none. */
const progressBody = z.object({
  id: dbId().nullable(),
  last_question_id: dbId().nullable(),
  last_field_id: dbId().nullable(),
});

/** GET tickets: the monitoring's page and filters. */
export const ticketListQuery = pageQuerySchema.pick({ page: true }).extend({
  perPage: z.coerce.number().int().min(1).max(100).default(15),
  status: z.enum(TICKET_STATUSES).optional(),
  type_id: dbId().optional(),
  assignee_id: dbId().optional(),
  age: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .optional(),
  overdue: bool01.optional(),
});

export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tickets = () => app.tickets;

  app.get('/ticket_types', { config: { policy: ticketPolicy.read }, schema: replies(contract.types) }, async () =>
    ok(await tickets().types()),
  );

  app.post(
    '/tickets',
    {
      config: { policy: ticketPolicy.file, idempotent: true },
      schema: replies(contract.created, { body: newTicketBody }),
    },
    async (request) => ok(await tickets().create(request.user.id, request.body), TICKET_MSG.saved),
  );

  app.get(
    '/tickets',
    { config: { policy: ticketPolicy.read }, schema: replies(contract.page, { querystring: ticketListQuery }) },
    async (request) => {
      const { page, perPage, ...filters } = request.query;
      return ok(await tickets().list(filters, { page, perPage, url: request.url }));
    },
  );

  app.get('/tickets/pending', { config: { policy: ticketPolicy.take }, schema: replies(contract.queue) }, async () =>
    ok(await tickets().queue()),
  );

  app.put(
    '/tickets/follow_up_progress',
    { config: { policy: ticketPolicy.file }, schema: replies(contract.progress, { body: progressBody }) },
    async (request) => ok(await tickets().saveProgress(request.user.id, request.body)),
  );

  app.get(
    '/tickets/:id',
    { config: { policy: ticketPolicy.read }, schema: replies(contract.ticket, { params: idParams }) },
    async (request) => ok(await tickets().detail(request.params.id)),
  );

  app.put(
    '/tickets/:id/assign',
    { config: { policy: ticketPolicy.take }, schema: replies(contract.created, { params: idParams }) },
    async (request) => ok(await tickets().assignToMe(request.user.id, request.params.id), TICKET_MSG.assigned),
  );

  app.put(
    '/tickets/:id/reassign',
    {
      config: { policy: ticketPolicy.work },
      schema: replies(contract.created, {
        params: idParams,
        body: z.object({ user_id: dbId(TICKET_MSG.fieldRequired) }),
      }),
    },
    async (request) =>
      ok(await tickets().reassign(request.user.id, request.params.id, request.body.user_id), TICKET_MSG.reassigned),
  );

  app.put(
    '/tickets/:id/status',
    {
      config: { policy: ticketPolicy.work },
      schema: replies(contract.created, { params: idParams, body: z.object({ status: z.enum(TICKET_STATUSES) }) }),
    },
    async (request) =>
      ok(await tickets().setStatus(request.user.id, request.params.id, request.body.status), TICKET_MSG.statusChanged),
  );

  app.post(
    '/tickets/:id/comments',
    {
      config: { policy: ticketPolicy.work },
      schema: replies(contract.comment, {
        params: idParams,
        body: z.object({
          body: text(TICKET_COMMENT_MAX, TICKET_MSG.fieldRequired).min(1, TICKET_MSG.fieldRequired),
        }),
      }),
    },
    async (request) =>
      ok(await tickets().comment(request.user.id, request.params.id, request.body.body), TICKET_MSG.commentAdded),
  );
};
