import {
  type Actor,
  BOOKING_GROUP_MSG,
  BOOKING_MSG,
  BOOKING_PASSENGER_VIEW,
  bookingCreateSchema,
  bookingFor,
  bookingPolicy,
  cancelQuerySchema,
  bookingsContract as contract,
  dbId,
  exceptionsContract,
  MSG,
  NOT_MOVING_UI,
  text,
} from '@taxi/shared';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookings, services } from '../../db/schema';
import { ok } from '../../http/envelope';
import { validationError } from '../../http/errors';
import { bool01, pageQuerySchema, paginate, paginateArray } from '../../http/pagination';
import { replies } from '../../http/schema';
import { presentBookings } from './presenter';
import {
  boardCursorValues,
  boardOrderKeys,
  boardQuerySchema,
  boardWhere,
  bookingPageSource,
  encodeBoardCursor,
  searchQuerySchema,
  searchWhere,
} from './queries';

const id = dbId(MSG.notFound);
const idParams = z.object({ id });
const bookingIdBody = z.object({ booking_id: dbId(MSG.required) });
const updateBody = z.object({
  datetime: text(64).optional(),
  detach_voucher: bool01.optional(),
  service_id: dbId().optional(),
});
const serviceBody = z.object({ service_id: dbId(MSG.required) });

const withId = <R extends z.ZodType>(response: R) => replies(response, { params: idParams });
const boardSchema = replies(contract.page, { querystring: boardQuerySchema });
const searchSchema = replies(contract.page, { querystring: searchQuerySchema });
const reminderSchema = replies(contract.reminder, { body: bookingIdBody });
const updateSchema = replies(contract.update, { params: idParams, body: updateBody });
const bookingById = withId(contract.booking);
const reasonsSchema = replies(contract.cancellationReasons);
const noteSchema = replies(contract.note, { params: z.object({ noteId: id }) });

const READ = { policy: bookingPolicy.read };
/** What the caller may search bookings by (a role that reads no passenger does not search them). */
const viewerOf = (actor: Actor) => ({ passengers: BOOKING_PASSENGER_VIEW.unless.allows(actor) });
const CHANGE = { policy: bookingPolicy.change };

/** Bookings calls of docs/api/bookings.md. Routes parse and present; rules live in BookingService. */
export const bookingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.bookings;

  // The services of the pickers (board filter, phone booking, change service): active ones, by id. A
  // read-only list until the services catalogue page (with prices) takes over this path.
  app.get(
    '/service',
    {
      config: { policy: bookingPolicy.services },
      schema: { querystring: pageQuerySchema, response: { 200: contract.services } },
    },
    async (request) => {
      const rows = await app.db
        .select({
          id: services.id,
          name: services.name,
          icon: services.icon,
          is_pooling: services.isPooling,
          vehicle_type: services.vehicleType,
          seats: services.seats,
        })
        .from(services)
        .where(eq(services.active, true))
        .orderBy(asc(services.id));
      return ok(await paginateArray(rows, { ...request.query, url: request.url }));
    },
  );

  // The board, in its order (boardOrderKeys); next_page_url carries the cursor after the page's last row.
  app.get('/booking', { config: READ, schema: boardSchema }, async (request) => {
    const { where, newestFirst } = await boardWhere(app.db, request.query, viewerOf(request.user));
    const keys = boardOrderKeys(newestFirst);
    const after = request.query.after && boardCursorValues(keys, request.query.after);
    const page = await paginate(bookingPageSource(app.db, where, newestFirst, { keys, after }), {
      page: request.query.page,
      perPage: request.query.perPage,
      url: request.url,
    });
    const last = page.data.at(-1);
    let next = page.data.length < page.per_page ? null : page.next_page_url;
    if (next && last) {
      const url = new URL(next, 'http://localhost');
      url.searchParams.set('after', encodeBoardCursor(last, keys));
      next = `${url.pathname}${url.search}`;
    }
    const data = (await presentBookings(app.db, page.data)).map(bookingFor(request.user));
    return ok({ ...page, next_page_url: next, data });
  });

  // The exceptions board and the toolbar's count: each booking as this user may see it.
  app.get(
    '/exceptions',
    { config: { policy: bookingPolicy.exceptions }, schema: replies(exceptionsContract.list) },
    async (request) => {
      const list = await svc.exceptions();
      const view = bookingFor(request.user);
      return ok({ ...list, items: list.items.map((item) => ({ ...item, booking: view(item.booking) })) });
    },
  );

  app.get('/booking/search', { config: READ, schema: searchSchema }, async (request) => {
    const where = await searchWhere(app.db, request.query, viewerOf(request.user));
    const page = await paginate(bookingPageSource(app.db, where, true), {
      page: request.query.page,
      perPage: request.query.perPage,
      url: request.url,
    });
    return ok({ ...page, data: (await presentBookings(app.db, page.data)).map(bookingFor(request.user)) });
  });

  app.get(
    '/passenger/:id/bookings',
    {
      config: { policy: bookingPolicy.passengerRides },
      schema: {
        params: idParams,
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          perPage: z.coerce.number().int().min(1).max(100).default(15),
        }),
        response: { 200: contract.page },
      },
    },
    async (request) => {
      const where = eq(bookings.passengerId, request.params.id);
      const page = await paginate(
        {
          count: () => app.db.$count(bookings, where),
          rows: (limit, offset) =>
            app.db
              .select()
              .from(bookings)
              .where(where)
              .orderBy(desc(bookings.datetime), desc(bookings.id))
              .limit(limit)
              .offset(offset),
        },
        { page: request.query.page, perPage: request.query.perPage, url: request.url },
      );
      return ok({ ...page, data: await presentBookings(app.db, page.data) });
    },
  );

  app.get('/user_cancellation_reason', { config: READ, schema: reasonsSchema }, async () =>
    ok(await svc.cancellationReasons()),
  );

  app.get('/bookings/:id', { config: READ, schema: bookingById }, async (request) =>
    ok(bookingFor(request.user)(await svc.show(request.params.id))),
  );
  app.get('/booking/:id/statuses', { config: READ, schema: withId(contract.statuses) }, async (request) =>
    ok(await svc.statuses(request.params.id)),
  );
  app.get(
    '/booking/:id/logs',
    { config: { policy: bookingPolicy.logs }, schema: { params: idParams, response: { 200: contract.logs } } },
    async (request) => ok(await svc.logs(request.user, request.params.id)),
  );
  app.get('/booking/:id/candidates', { config: READ, schema: withId(contract.candidates) }, async (request) =>
    ok(await svc.candidates(request.params.id)),
  );
  app.get('/booking/:id/airport_details', { config: READ, schema: withId(contract.airportDetails) }, async (request) =>
    ok(await svc.airportDetails(request.params.id)),
  );
  app.put('/booking/:id/touch', { config: CHANGE, schema: bookingById }, async (request) =>
    ok(await svc.touch(request.user, request.params.id), BOOKING_MSG.okWeReceived),
  );

  app.post(
    '/bookings',
    {
      config: { policy: bookingPolicy.order, idempotent: true },
      schema: { body: bookingCreateSchema, response: { 201: contract.booking } },
    },
    async (request, reply) => {
      const booking = await svc.create(request.user, request.body);
      const cars = request.body.cars ?? 1;
      const message =
        cars > 1 && booking.group_order
          ? BOOKING_GROUP_MSG.created(cars, booking.group_order)
          : BOOKING_MSG.created(booking.id);
      return reply.status(201).send(ok(booking, message));
    },
  );

  app.delete(
    '/bookings/:id',
    {
      config: CHANGE,
      schema: {
        params: idParams,
        querystring: z.object({
          user_cancellation_reason_id: z.preprocess(
            (v) => (v === '' ? undefined : v),
            cancelQuerySchema.shape.user_cancellation_reason_id.optional(),
          ),
        }),
        response: { 200: contract.booking },
      },
    },
    async (request) => {
      const reasonId = request.query.user_cancellation_reason_id;
      // Role first (403), then the missing reason (422).
      svc.authorizeRole(request.user, 'cancel');
      if (!reasonId) throw validationError('user_cancellation_reason_id', BOOKING_MSG.chooseReason);
      const booking = await svc.cancel(request.user, request.params.id, reasonId);
      return ok(booking, BOOKING_MSG.cancelled(booking.id));
    },
  );

  app.put(
    '/dispatch/:bookingId/:captainId',
    {
      config: CHANGE,
      schema: { params: z.object({ bookingId: id, captainId: id }), response: { 200: contract.booking } },
    },
    async (request) => {
      const booking = await svc.dispatch(request.user, request.params.bookingId, request.params.captainId);
      return ok(booking, BOOKING_MSG.dispatched(booking.id));
    },
  );

  app.post('/booking/:id/redispatch', { config: CHANGE, schema: bookingById }, async (request) => {
    const booking = await svc.redispatch(request.user, request.params.id);
    return ok(booking, NOT_MOVING_UI.redispatched(booking.id));
  });

  app.post('/send_pending_reminder', { config: CHANGE, schema: reminderSchema }, async (request) => {
    await svc.remind(request.user, request.body.booking_id, 'pendingReminder');
    return ok(null, BOOKING_MSG.reminderSent);
  });
  app.post('/send_dispatched_reminder', { config: CHANGE, schema: reminderSchema }, async (request) => {
    await svc.remind(request.user, request.body.booking_id, 'dispatchedReminder');
    return ok(null, BOOKING_MSG.reminderSent);
  });

  app.post('/besoin/renew/:id', { config: CHANGE, schema: bookingById }, async (request) => {
    const booking = await svc.renewBesoin(request.user, request.params.id);
    return ok(booking, BOOKING_MSG.extended(booking.id));
  });

  for (const url of ['/bookings/:id', '/booking/:id']) {
    app.put(url, { config: CHANGE, schema: updateSchema }, async (request) => {
      const { datetime, detach_voucher, service_id } = request.body;
      if (datetime !== undefined) {
        svc.authorizeRole(request.user, 'changeTime');
        const result = await svc.changeTime(request.user, request.params.id, datetime, detach_voucher ?? false);
        return ok(result, BOOKING_MSG.timeChanged(result.datetime));
      }
      if (service_id !== undefined) {
        const booking = await svc.changeService(request.user, request.params.id, service_id);
        return ok(booking, BOOKING_MSG.serviceChanged(booking.service.name));
      }
      svc.authorizeRole(request.user, 'changeTime');
      throw validationError('datetime', MSG.required);
    });
  }

  app.put(
    '/bookings/:id/order',
    {
      config: { policy: bookingPolicy.order },
      schema: { params: idParams, body: bookingCreateSchema, response: { 200: contract.booking } },
    },
    async (request) => ok(await svc.editOrder(request.user, request.params.id, request.body), BOOKING_MSG.orderUpdated),
  );

  app.post(
    '/booking/:id/suggest_service_change',
    { config: CHANGE, schema: { params: idParams, body: serviceBody, response: { 200: contract.booking } } },
    async (request) =>
      ok(
        await svc.suggestServiceChange(request.user, request.params.id, request.body.service_id),
        BOOKING_MSG.suggestionSent,
      ),
  );
  app.put('/booking/:id/service_change/accept', { config: CHANGE, schema: bookingById }, async (request) => {
    const booking = await svc.acceptServiceChange(request.user, request.params.id);
    return ok(booking, BOOKING_MSG.serviceChanged(booking.service.name));
  });

  app.put('/notes/:noteId', { config: CHANGE, schema: noteSchema }, async (request) =>
    ok(await svc.solveNote(request.user, request.params.noteId), BOOKING_MSG.solved),
  );
};
