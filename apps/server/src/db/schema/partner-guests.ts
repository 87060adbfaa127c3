import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { partners } from './partners';
import { passengers } from './people';

/**
 * A partner's own record of a guest (tenant isolation, SECURITY.md): what the hotel, restaurant or company
 * typed when it booked for this phone number — the name, the phone, the last room — and nothing else. The
 * desk's views (its bookings, its guests, its invoices) are built from it, never from `passengers`.
 *
 * `passenger_id` links it, on the server only, to the real passenger the bookings are dispatched for (the
 * one with this phone number, or the unregistered one made by the first booking); the desk never sees it.
 * Two partners booking for one phone number hold two records: neither reads the other's.
 */
export const partnerGuests = pgTable(
  'partner_guests',
  {
    id: serial('id').primaryKey(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** The phone number as the partner typed it (the key of its record, as of the passenger lookup). */
    phoneNumber: text('phone_number').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    /** The room number of its latest booking (hotels). */
    roomNumber: text('room_number'),
    /** Server side only: the passenger its bookings are made for. */
    passengerId: integer('passenger_id')
      .notNull()
      .references(() => passengers.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partner_guests_partner_phone_idx').on(t.partnerId, t.phoneNumber),
    index('partner_guests_passenger_idx').on(t.passengerId),
  ],
);
