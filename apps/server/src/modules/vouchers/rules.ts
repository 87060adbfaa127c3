import { BOOKING_MSG, type FareQuoteDto, VOUCHER_MSG, type VoucherDiscount } from '@taxi/shared';
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { vouchers, voucherUses } from '../../db/schema';
import { HttpError, validationError } from '../../http/errors';

type VoucherRow = typeof vouchers.$inferSelect;

const FIELD = 'voucher_code';

/** The discount the fare engine applies for a voucher row. */
export const discountOf = (v: VoucherRow): VoucherDiscount => ({
  code: v.code,
  kind: v.discountKind === 'fixed' ? 'fixed' : 'percent',
  amount: v.amount,
});

/**
 * The voucher of a code for a booking of `serviceId` at `at`, or 422 on voucher_code: unknown or
 * inactive, not valid yet, expired, or not for this service. The limits are counted when it is used.
 */
export async function voucherFor(db: DbOrTx, code: string, serviceId: number, at: Date): Promise<VoucherRow> {
  const [v] = await db.select().from(vouchers).where(eq(vouchers.code, code.trim()));
  if (!v?.active) throw validationError(FIELD, BOOKING_MSG.unknownVoucher);
  if (v.validFrom && at < v.validFrom) throw validationError(FIELD, VOUCHER_MSG.notYetValid);
  if (v.expiresAt && at >= v.expiresAt) throw validationError(FIELD, VOUCHER_MSG.expired);
  if (v.serviceIds.length > 0 && !v.serviceIds.includes(serviceId)) {
    throw validationError(FIELD, VOUCHER_MSG.notForService);
  }
  return v;
}

/**
 * Counts a use of the voucher by the booking, in the booking's transaction: the voucher's row is locked
 * so that concurrent bookings cannot pass its total or per-passenger limit together (422 on voucher_code).
 */
export async function recordVoucherUse(
  tx: Tx,
  voucherId: number,
  bookingId: number,
  passengerId: number | null,
  now: Date,
): Promise<void> {
  // NO KEY UPDATE, not UPDATE: the booking row inserted before this holds a KEY SHARE lock on the voucher
  // (its foreign key); FOR UPDATE would wait on the other bookings' KEY SHARE and deadlock them.
  const [v] = await tx.select().from(vouchers).where(eq(vouchers.id, voucherId)).for('no key update');
  if (!v) throw validationError(FIELD, BOOKING_MSG.unknownVoucher);
  if (v.maxUses !== null) {
    const [total] = await tx.select({ n: count() }).from(voucherUses).where(eq(voucherUses.voucherId, v.id));
    if (total.n >= v.maxUses) throw validationError(FIELD, VOUCHER_MSG.usedUp);
  }
  if (v.maxUsesPerPassenger !== null && passengerId) {
    const [mine] = await tx
      .select({ n: count() })
      .from(voucherUses)
      .where(and(eq(voucherUses.voucherId, v.id), eq(voucherUses.passengerId, passengerId)));
    if (mine.n >= v.maxUsesPerPassenger) {
      throw validationError(FIELD, VOUCHER_MSG.usedUpByPassenger(v.maxUsesPerPassenger));
    }
  }
  await tx.insert(voucherUses).values({ voucherId: v.id, bookingId, passengerId: passengerId || null, createdAt: now });
}

/** Gives the booking's voucher use back (a cancelled booking, a voucher detached on a time change). */
export async function releaseVoucherUse(tx: DbOrTx, bookingId: number): Promise<void> {
  await tx.delete(voucherUses).where(eq(voucherUses.bookingId, bookingId));
}

/** An edited order whose voucher changed: the old use goes, the new one is counted. */
export async function swapVoucherUse(
  tx: Tx,
  booking: { id: number; voucherId: number | null; passengerId: number | null },
  now: Date,
): Promise<void> {
  await releaseVoucherUse(tx, booking.id);
  if (booking.voucherId !== null) await recordVoucherUse(tx, booking.voucherId, booking.id, booking.passengerId, now);
}

/** A time change keeping the voucher: 422 on detach_voucher when the voucher is not valid at the new time. */
export async function voucherStillValid(db: DbOrTx, voucherId: number, serviceId: number, at: Date): Promise<void> {
  const [v] = await db.select({ code: vouchers.code }).from(vouchers).where(eq(vouchers.id, voucherId));
  if (!v) return;
  try {
    await voucherFor(db, v.code, serviceId, at);
  } catch (error) {
    if (error instanceof HttpError) throw validationError('detach_voucher', error.message);
    throw error;
  }
}

/** The estimate without its voucher line (the voucher was detached). */
export function withoutVoucher(estimate: FareQuoteDto | null): FareQuoteDto | null {
  if (!estimate) return null;
  const line = estimate.lines.find((l) => l.kind === 'voucher');
  if (!line) return estimate;
  const cents = estimate.cents - line.cents;
  return { ...estimate, cents, euros: cents / 100, lines: estimate.lines.filter((l) => l !== line) };
}
