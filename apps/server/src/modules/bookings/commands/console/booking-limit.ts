import { ACTIVE_STATUSES, PARTNER_MSG, SETTING_MSG } from '@taxi/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/client';
import { bookings, partners, passengers } from '../../../../db/schema';
import { validationError } from '../../../../http/errors';

/**
 * MaxBookingCount: a passenger holding `max` active (not finished, not cancelled) bookings may not book
 * again — 422 on passenger_id; `adding` bookings at once (the cars of one call) count as that many. The
 * passenger's row is locked first, so two bookings made at once are counted one after the other. `max` 0 is
 * no limit.
 */
export async function assertBookingAllowance(tx: Tx, passengerId: number, max: number, adding = 1): Promise<void> {
  if (max <= 0 || !passengerId) return;
  await tx.execute(sql`select 1 from ${passengers} where ${passengers.id} = ${passengerId} for update`);
  const [{ n }] = await tx
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.passengerId, passengerId), inArray(bookings.status, [...ACTIVE_STATUSES])));
  if (n + adding > max) throw validationError('passenger_id', SETTING_MSG.tooManyBookings(max));
}

/**
 * A partner's booking limit (hotels, restaurants, companies): it must be active, may book only its services
 * (none listed: every service), and may hold at most `max_active_bookings` active bookings at once (0: no
 * limit; `adding` counted as for a passenger) — 422 on partner_id. Its row is locked first, like the passenger's.
 */
export async function assertPartnerAllowance(tx: Tx, partnerId: number, serviceId: number, adding = 1): Promise<void> {
  const [partner] = await tx
    .select({
      active: partners.active,
      max: partners.maxActiveBookings,
      serviceIds: partners.serviceIds,
    })
    .from(partners)
    .where(eq(partners.id, partnerId))
    .for('update');
  if (!partner) throw validationError('partner_id', PARTNER_MSG.notThisKind);
  if (!partner.active) throw validationError('partner_id', PARTNER_MSG.partnerInactive);
  if (partner.serviceIds.length && !partner.serviceIds.includes(serviceId))
    throw validationError('service_id', PARTNER_MSG.serviceNotAllowed);
  if (partner.max <= 0) return;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.partnerId, partnerId), inArray(bookings.status, [...ACTIVE_STATUSES])));
  if (n + adding > partner.max) throw validationError('partner_id', PARTNER_MSG.tooManyBookings(partner.max));
}
