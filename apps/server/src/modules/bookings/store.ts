import { BOOKING_MSG, type BookingDto, type BookingStatus, CANCELLED_STATUSES } from '@taxi/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { auditLog, bookingStatuses, bookings, rides, services } from '../../db/schema';
import type { AppBus, RecordEvent } from '../../events';
import { conflict, notFound, validationError } from '../../http/errors';
import { type Clock, dateOf } from '../../lib/clock';
import type { CityService } from '../city/service';
import type { FareService } from '../fares/service';
import type { FleetRules } from '../fleet/rules';
import type { GeoService } from '../geo/service';
import type { DispatchConfig } from '../settings/dispatch-config';
import { releaseVoucherUse } from '../vouchers/rules';
import type { BookingRow } from './presenter';

/** What every booking command and query needs. */
export interface BookingDeps {
  db: Db;
  clock: Clock;
  bus: AppBus;
  city: CityService;
  /** Quotes the order's fare when it is taken or re-planned. */
  fares: FareService;
  /** The live dispatching settings (late-booking and late-captain thresholds). */
  config: Pick<DispatchConfig, 'current'>;
  /** Where each service runs (/services/{id}/locations). */
  fleet?: FleetRules;
  /** The map layers: restricted areas and blacklisted places an order may not use. */
  geo?: GeoService;
}

export async function findBooking(db: DbOrTx, id: number): Promise<BookingRow> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

/** The ride's captain of a booking, or null. */
export async function captainOf(db: DbOrTx, id: number): Promise<number | null> {
  const [row] = await db
    .select({ captainId: rides.captainId })
    .from(bookings)
    .innerJoin(rides, eq(rides.id, bookings.rideId))
    .where(eq(bookings.id, id));
  return row?.captainId ?? null;
}

/** An active service, or 422 on service_id. */
export async function activeService(db: DbOrTx, id: number) {
  const [service] = await db.select().from(services).where(eq(services.id, id));
  if (!service?.active) throw validationError('service_id', BOOKING_MSG.unknownService);
  return service;
}

export async function audit(
  tx: Tx,
  actorId: number | null,
  action: string,
  id: number,
  before: unknown,
  after: unknown,
) {
  await tx.insert(auditLog).values({ actorId, action, entity: 'booking', entityId: String(id), before, after });
}

/**
 * Compare-and-set of the status: UPDATE … WHERE id AND status IN (from) RETURNING. Writes the
 * booking_statuses row and records booking.statusChanged; 409 when another request changed it first.
 */
export async function setStatus(
  tx: Tx,
  record: RecordEvent,
  id: number,
  from: readonly string[],
  to: BookingStatus,
  now: Date,
  extra: Partial<typeof bookings.$inferInsert> = {},
  conflictMessage: string = BOOKING_MSG.actionNotAllowed('changed', to),
): Promise<BookingRow> {
  const [row] = await tx
    .update(bookings)
    .set({ ...extra, status: to, updatedAt: now })
    .where(and(eq(bookings.id, id), inArray(bookings.status, [...from])))
    .returning();
  if (!row) throw conflict(conflictMessage);
  await tx.insert(bookingStatuses).values({ bookingId: id, status: to, createdAt: now });
  // A cancelled booking gives its voucher use back (the voucher's limits count it no more).
  if (row.voucherId !== null && CANCELLED_STATUSES.includes(to)) await releaseVoucherUse(tx, id);
  record('booking.statusChanged', { bookingId: id, from: from[0] as BookingStatus, to });
  return row;
}

/** Runs a booking change in one transaction, publishes its events, returns the booking as presented. */
export async function changeBooking(
  deps: BookingDeps,
  id: number,
  work: (tx: Tx, record: RecordEvent, now: Date) => Promise<void>,
): Promise<BookingDto> {
  const now = dateOf(deps.clock);
  const { ctx } = await deps.bus.transact((tx, record) => work(tx, record, now));
  return ctx.booking(id, true);
}
