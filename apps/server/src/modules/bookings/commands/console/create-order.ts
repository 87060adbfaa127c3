import type { BookingCreate, BookingDto, FareQuoteDto } from '@taxi/shared';
import type { Tx } from '../../../../db/client';
import { bookingStatuses, bookings, passengers } from '../../../../db/schema';
import { dateOf } from '../../../../lib/clock';
import { recordVoucherUse } from '../../../vouchers/rules';
import type { Actor } from '../../model';
import { audit, type BookingDeps } from '../../store';
import { joinGroup, startGroup } from './booking-group';
import { assertBookingAllowance, assertPartnerAllowance } from './booking-limit';
import { captainConstraintsOf } from './captain-constraints';
import { estimateOrder, resolveOrder, writeStopsAndNote } from './order';

/** What a desk writes beside the booking, in its transaction (the airport desk's airport details). */
export type OrderAttachment = (tx: Tx, booking: { id: number; fare: FareQuoteDto | null; now: Date }) => Promise<void>;

/**
 * A phone or dashboard booking (POST bookings), validated with the shared schema by the route. With `cars`
 * above one it is that many bookings, all or none, in a new group of orders; with `group_order` it joins that
 * group. Answers the first booking made (with its group).
 */
export async function createOrder(
  deps: BookingDeps,
  actor: Actor,
  input: BookingCreate,
  attach?: OrderAttachment,
): Promise<BookingDto> {
  const now = dateOf(deps.clock);
  const { service, datetime, columns, voucher } = await resolveOrder(deps, input, now);
  const fareEstimate = await estimateOrder(deps, input, datetime, voucher);
  const captainRules = await captainConstraintsOf(deps.db, input.captain_constraints ?? []);
  const dynamicConstraints = [...(columns.dynamicConstraints ?? []), ...captainRules];
  const cars = input.cars ?? 1;
  const { maxActiveBookingsPerPassenger: max } = await deps.config.current();
  const { result: ids, ctx } = await deps.bus.transact(async (tx, record) => {
    let passengerId = input.passenger_id ?? 0;
    if (!passengerId && input.new_passenger) {
      const [p] = await tx
        .insert(passengers)
        .values({
          firstName: input.new_passenger.first_name,
          lastName: input.new_passenger.last_name,
          phoneNumber: input.new_passenger.phone_number,
          registered: false,
          active: true,
        })
        .returning({ id: passengers.id });
      passengerId = p.id;
    }
    await assertBookingAllowance(tx, passengerId, max, cars);
    if (input.partner_id) await assertPartnerAllowance(tx, input.partner_id, service.id, cars);
    const members = input.group_order ? await joinGroup(tx, input.group_order, cars) : [];
    let group = input.group_order ?? null;
    const made: number[] = [];
    for (let car = 0; car < cars; car++) {
      const [row] = await tx
        .insert(bookings)
        .values({
          ...columns,
          dynamicConstraints,
          fareEstimate,
          status: 'PENDING',
          origin: input.origin,
          groupOrder: group,
          passengerId,
          partnerId: input.partner_id ?? null,
          creatorId: actor.id,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: bookings.id });
      if (!group && cars > 1) group = await startGroup(tx, row.id);
      await tx.insert(bookingStatuses).values({ bookingId: row.id, status: 'PENDING', createdAt: now });
      if (columns.voucherId) await recordVoucherUse(tx, columns.voucherId, row.id, passengerId, now);
      await writeStopsAndNote(tx, row.id, input, actor.id, now);
      if (attach) await attach(tx, { id: row.id, fare: fareEstimate, now });
      await audit(tx, actor.id, 'create', row.id, null, {
        status: 'PENDING',
        origin: input.origin,
        service_id: service.id,
        ...(group ? { group_order: group } : {}),
      });
      if (columns.reviewReason)
        await audit(tx, actor.id, 'flag for review', row.id, null, { review_reason: columns.reviewReason });
      record('booking.created', { bookingId: row.id, now: input.now, datetime });
      made.push(row.id);
    }
    // The group's other cards show its new size.
    for (const id of members) record('booking.updated', { bookingId: id });
    return made;
  });
  return ctx.booking(ids[0], true);
}
