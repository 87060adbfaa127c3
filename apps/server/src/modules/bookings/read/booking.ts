import {
  AI_ACTOR_ID,
  AI_MSG,
  type AirportDetailsDto,
  BOOKING_MSG,
  type BookingDto,
  type BookingStatusDto,
} from '@taxi/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { airportDetails, auditLog, bookingStatuses, userCancellationReasons, users } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import type { Actor, BookingLogDto } from '../model';
import { presentBooking, presentStatus } from '../presenter';
import { authorizeRole } from '../rules';
import { findBooking } from '../store';

export async function showBooking(db: Db, id: number): Promise<BookingDto> {
  return presentBooking(db, await findBooking(db, id), { detail: true });
}

export async function bookingStatusHistory(db: Db, id: number): Promise<BookingStatusDto[]> {
  await findBooking(db, id);
  const rows = await db
    .select()
    .from(bookingStatuses)
    .where(eq(bookingStatuses.bookingId, id))
    .orderBy(asc(bookingStatuses.createdAt), asc(bookingStatuses.id));
  return rows.map(presentStatus);
}

export async function bookingLogs(db: Db, actor: Actor, id: number): Promise<BookingLogDto[]> {
  authorizeRole(actor, 'logs');
  await findBooking(db, id);
  const rows = await db
    .select({ log: auditLog, first: users.firstName, last: users.lastName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.entity, 'booking'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return rows.map(({ log, first, last }) => ({
    id: log.id,
    title: log.action,
    datetime: log.createdAt.toISOString(),
    doer: log.actorId === AI_ACTOR_ID ? AI_MSG.countdownDoer : first ? `${first} ${last ?? ''}`.trim() : null,
    before: log.before,
    after: log.after,
  }));
}

export async function cancellationReasons(db: Db): Promise<{ id: number; text: string }[]> {
  return db.select().from(userCancellationReasons).orderBy(asc(userCancellationReasons.id));
}

export async function bookingAirportDetails(db: Db, id: number): Promise<AirportDetailsDto> {
  const booking = await findBooking(db, id);
  const [d] = await db.select().from(airportDetails).where(eq(airportDetails.bookingId, id));
  if (!d) throw notFound(BOOKING_MSG.noExtraDetails);
  return {
    agent: d.agent,
    air_agency_name: d.airAgencyName,
    first_name: d.firstName,
    last_name: d.lastName,
    phone_number: d.phoneNumber,
    whatsapp_number: d.whatsappNumber,
    riders: d.riders,
    bags: d.bags,
    pnr: d.pnr,
    country: d.country,
    estimated_price: d.estimatedPrice === null ? null : Number(d.estimatedPrice),
    booking_id: id,
    booking_created_at: booking.createdAt.toISOString(),
    last_update: d.lastUpdate.toISOString(),
  };
}
