import {
  bookingsContract,
  catalogueResponses,
  dateToCityLocal,
  dbId,
  PAYMENT_RIDE_SORTS,
  PAYMENTS_MSG,
  paymentPolicy,
  paymentRidesResource,
  RESOURCE_MSG,
  ROWS_PER_PAGE_OPTIONS,
} from '@taxi/shared';
import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvTranslator, sendCsv } from '../../http/csv';
import { ok } from '../../http/envelope';
import { HttpError } from '../../http/errors';
import { pageQueryAmong, pageQuerySchema, paginate, sortQuery } from '../../http/pagination';
import { dateOf } from '../../lib/clock';
import { PaymentService, RIDES_CSV_HEADER, ridesCsvRow } from './service';

const PER_PAGE = new Set<number>(ROWS_PER_PAGE_OPTIONS);
// The rides' own sort keys (422 for any other), id first by default.
const sort = sortQuery(PAYMENT_RIDE_SORTS);
const filter = { ...sort, sortBy: sort.sortBy.unwrap().default('id') };
const listQuery = pageQueryAmong(PER_PAGE, RESOURCE_MSG.invalidPerPage).extend(filter);
const exportQuery = pageQuerySchema.omit({ page: true, perPage: true }).extend(filter);
const config: FastifyContextConfig = { policy: paymentPolicy.read };
const response = catalogueResponses(paymentRidesResource);
const rideBookings = bookingsContract.rideBookings;

/** The payments page (people.md §7): rides with DONE totals, CSV export, and "Expand a ride". */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new PaymentService(app.db);

  app.get(
    '/payment/rides',
    { config, schema: { querystring: listQuery, response: { 200: response.list } } },
    async (request) => {
      const { page, perPage, ...q } = request.query;
      return ok(await paginate(service.list(q), { page, perPage, url: request.url }));
    },
  );

  app.get(
    '/payment/rides/export.csv',
    { config, schema: { querystring: exportQuery, response: { 200: response.csv } } },
    async (request, reply) => {
      // Streamed in keyset batches (it built the whole file in memory: 20 s and all the rows at once).
      const tr = csvTranslator(request);
      return sendCsv(reply, {
        name: 'payment_rides',
        date: dateToCityLocal(dateOf(app.clock)).slice(0, 10),
        total: await service.list(request.query).count(),
        header: RIDES_CSV_HEADER.map(tr),
        batches: service.batches(request.query),
        row: ridesCsvRow,
      });
    },
  );

  app.get('/payment/ride/:id/bookings', { config, schema: { response: { 200: rideBookings } } }, async (request) => {
    const id = dbId().safeParse((request.params as { id?: unknown }).id);
    if (!id.success) throw new HttpError(404, PAYMENTS_MSG.rideNotFound);
    return ok(await service.rideBookings(id.data));
  });
};
