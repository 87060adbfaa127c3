import { index, integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { bookings, vouchers } from './bookings';
import { ts } from './columns';
import { passengers } from './people';

/** One row per booking that holds a voucher: the uses its limits count. A cancel releases it. */
export const voucherUses = pgTable(
  'voucher_uses',
  {
    id: serial('id').primaryKey(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id')
      .notNull()
      .unique()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    passengerId: integer('passenger_id').references(() => passengers.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('voucher_uses_voucher_idx').on(t.voucherId, t.passengerId)],
);
