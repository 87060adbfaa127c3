import {
  BOOKING_PASSENGER_VIEW,
  type BookingStatus,
  bookingPolicy,
  cardStatusLabel,
  csvExport,
  dateToCityLocal,
  shortName,
  EXPORT_TEXT as T,
} from '@taxi/shared';
import { type AnyColumn, and, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookings, captains, cars, passengers, rides, services } from '../../db/schema';
import { csvTranslator, keysetBatches, sendCsv } from '../../http/csv';
import { replies } from '../../http/schema';
import { dateOf } from '../../lib/clock';
import { boardOrderKeys, boardQuerySchema, boardWhere } from './queries';

/** GET booking's query without paging: the board, the reservations and the rides search export their filter. */
const bookingExportQuery = boardQuerySchema.omit({ page: true, perPage: true, after: true });

const fullName = (first: AnyColumn, last: AnyColumn) =>
  sql<string | null>`nullif(trim(${first} || ' ' || ${last}), '')`;

const joinName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim() || null;

/** GET booking/export.csv: the bookings of GET booking's filter, in its order, as streamed CSV. */
export const bookingsExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/booking/export.csv',
    {
      config: { policy: bookingPolicy.read },
      schema: { ...replies(csvExport('Bookings'), { querystring: bookingExportQuery }), tags: ['bookings'] },
    },
    async (request, reply) => {
      // boardWhere reads the filters only (paging is the list's)
      // A role that reads no passenger gets their short name and no phone column, as on the board.
      const passengersWhole = BOOKING_PASSENGER_VIEW.unless.allows(request.user);
      const { where, newestFirst } = await boardWhere(
        app.db,
        { ...request.query, page: 1, perPage: 1 },
        { passengers: passengersWhole },
      );
      // The list counts up to COUNT_CAP; the export counts every row (its progress bar needs the total).
      const [{ n }] = await app.db.select({ n: count() }).from(bookings).where(where);
      const tr = csvTranslator(request);
      // The board's order (pending first on the active tabs), read by keyset.
      const keys = boardOrderKeys(newestFirst);
      return sendCsv(reply, {
        name: 'bookings',
        date: dateToCityLocal(dateOf(app.clock)).slice(0, 10),
        total: n,
        header: [
          T.orderId,
          T.datetime,
          T.status,
          T.passenger,
          ...(passengersWhole ? [T.passengerPhone] : []),
          T.pickUp,
          T.dropOff,
          T.captain,
          T.car,
          T.service,
          T.origin,
        ].map(tr),
        batches: keysetBatches(keys, ({ after, order, cursor, limit }) =>
          app.db
            .select({
              id: bookings.id,
              datetime: bookings.datetime,
              status: bookings.status,
              passengerFirst: passengers.firstName,
              passengerLast: passengers.lastName,
              passengerPhone: passengers.phoneNumber,
              pickUp: bookings.pickUpLocationName,
              dropOff: bookings.pullDownLocationName,
              captain: fullName(captains.firstName, captains.lastName),
              car: cars.number,
              service: services.name,
              origin: bookings.origin,
              ...cursor,
            })
            .from(bookings)
            .leftJoin(passengers, eq(passengers.id, bookings.passengerId))
            .leftJoin(rides, eq(rides.id, bookings.rideId))
            .leftJoin(captains, eq(captains.id, rides.captainId))
            .leftJoin(cars, eq(cars.id, rides.carId))
            .leftJoin(services, eq(services.id, bookings.serviceId))
            .where(and(where, after))
            .orderBy(...order)
            .limit(limit),
        ),
        row: (b) => [
          b.id,
          dateToCityLocal(b.datetime),
          tr(cardStatusLabel(b.status as BookingStatus)),
          passengersWhole ? joinName(b.passengerFirst, b.passengerLast) : shortName(b.passengerFirst, b.passengerLast),
          ...(passengersWhole ? [b.passengerPhone] : []),
          b.pickUp,
          b.dropOff,
          b.captain,
          b.car,
          b.service,
          b.origin,
        ],
      });
    },
  );
};
