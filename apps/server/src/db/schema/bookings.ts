import type { FareQuoteDto, OfferScore } from '@taxi/shared';
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { places, sectors } from './city';
import { ts } from './columns';
import { partnerGuests } from './partner-guests';
import { airportAgencies, partners } from './partners';
import { captains, cars, passengers, services } from './people';
import { users } from './users';

export const userCancellationReasons = pgTable('user_cancellation_reasons', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
});

export const captainCancellationReasons = pgTable('captain_cancellation_reasons', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
});

export const vouchers = pgTable('vouchers', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  /** 'percent' (amount is a percentage) or 'fixed' (amount is in cents). */
  discountKind: text('discount_kind').notNull().default('percent'),
  amount: integer('amount').notNull().default(10),
  /** Uses in total, and per passenger; null: no limit. */
  maxUses: integer('max_uses'),
  maxUsesPerPassenger: integer('max_uses_per_passenger'),
  /** Valid from `valid_from` until `expires_at` (either open). */
  validFrom: ts('valid_from'),
  expiresAt: ts('expires_at'),
  /** Services it applies to; empty: all. */
  serviceIds: jsonb('service_ids').$type<number[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A ride is one captain with one car serving one or more (pooled) bookings. */
export const rides = pgTable(
  'rides',
  {
    id: serial('id').primaryKey(),
    captainId: integer('captain_id')
      .notNull()
      .references(() => captains.id),
    carId: integer('car_id').references(() => cars.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('rides_captain_idx').on(t.captainId)],
);

export interface BookingMeta {
  round_trip?: boolean;
  complaint_status?: string | null;
  captain_order?: number | null;
}
export interface BookingConstraint {
  constraint_name: string;
  Abbreviation?: string;
  strike_through?: boolean;
}

/** Bookings (bookings.md §3). Coordinates are kept as lon/lat columns (no PostGIS in PGlite). */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull().default('PENDING'),
    origin: text('origin').notNull().default('app'),
    /** The group of orders booked together in one call (booking-groups.ts in packages/shared): the first one's id. */
    groupOrder: text('group_order'),
    highPriority: boolean('high_priority').notNull().default(false),
    datetime: ts('datetime').notNull(),
    now: boolean('now').notNull().default(true),
    besoin: boolean('besoin').notNull().default(false),
    besoinDate: ts('besoin_date'),
    transformed: boolean('transformed').notNull().default(false),
    seats: integer('seats').notNull().default(1),
    vehicleType: text('vehicle_type'),
    roomNumber: text('room_number'),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    passengerId: integer('passenger_id')
      .notNull()
      .references(() => passengers.id),
    pickUpLocationName: text('pick_up_location_name').notNull(),
    pickUpLocationDetails: text('pick_up_location_details'),
    pickUpVoiceRecording: text('pick_up_voice_recording'),
    pullDownLocationName: text('pull_down_location_name'),
    pullDownLocationDetails: text('pull_down_location_details'),
    landmarkPickupId: integer('landmark_pickup_id').references(() => places.id),
    landmarkDropoffId: integer('landmark_dropoff_id').references(() => places.id),
    pickUpLon: doublePrecision('pick_up_lon').notNull(),
    pickUpLat: doublePrecision('pick_up_lat').notNull(),
    pullDownLon: doublePrecision('pull_down_lon'),
    pullDownLat: doublePrecision('pull_down_lat'),
    pickupSectorId: integer('pickup_sector_id').references(() => sectors.id),
    dropoffSectorId: integer('dropoff_sector_id').references(() => sectors.id),
    /** Why the booking waits for a review (a blacklisted 'flag' location it starts or ends at), or null. */
    reviewReason: text('review_reason'),
    voucherId: integer('voucher_id').references(() => vouchers.id),
    meta: jsonb('meta').$type<BookingMeta>().notNull().default({}),
    captainCancellations: integer('captain_cancellations').notNull().default(0),
    captainCancellationReasonId: integer('captain_cancellation_reason_id').references(
      () => captainCancellationReasons.id,
    ),
    userCancellationReasonId: integer('user_cancellation_reason_id').references(() => userCancellationReasons.id),
    rideId: integer('ride_id').references(() => rides.id),
    isEta: boolean('is_eta').notNull().default(false),
    etaCaptain: integer('eta_captain'),
    airportOffice: boolean('airport_office').notNull().default(false),
    staticConstraints: jsonb('static_constraints').$type<BookingConstraint[]>().notNull().default([]),
    dynamicConstraints: jsonb('dynamic_constraints').$type<BookingConstraint[]>().notNull().default([]),
    /** The captain currently offered this booking and the offer's deadline (request card countdown). */
    suggestionCaptainId: integer('suggestion_captain_id').references(() => captains.id),
    suggestionUntil: ts('suggestion_until'),
    /** A group offer (no single captain): how many captains it went to. Null for a single offer. */
    suggestionGroupSize: integer('suggestion_group_size'),
    /**
     * Set when the dispatch cascade ran out (single offers, then the group offer, nobody accepted): the
     * board lists the booking first with the reason; a later round starts after the retry interval.
     */
    unassignedAt: ts('unassigned_at'),
    unassignedReason: text('unassigned_reason'),
    /**
     * Where the cascade's current round starts: the booking was last unassigned, or re-dispatched (which also
     * clears the unassigned mark). Offers made before it count no more. Null: the first round, every offer.
     */
    cascadeFrom: ts('cascade_from'),
    /**
     * The not-moving check of the ride (NOT_MOVING): the captain's position when it started, whether they
     * moved far enough since (the check stops), and when the warning was raised. A dispatch starts it anew.
     */
    moveCheckLon: doublePrecision('move_check_lon'),
    moveCheckLat: doublePrecision('move_check_lat'),
    moveCheckAt: ts('move_check_at'),
    movedAfterDispatch: boolean('moved_after_dispatch').notNull().default(false),
    notMovingAt: ts('not_moving_at'),
    creatorId: integer('creator_id').references(() => users.id),
    /** The hotel, restaurant or company that booked it for a guest (its staff see it). */
    partnerId: integer('partner_id').references(() => partners.id),
    /**
     * The partner's own record of the guest it booked for (what its desk typed), shown to the partner instead
     * of the passenger; null for bookings its desk did not make.
     */
    partnerGuestId: integer('partner_guest_id').references(() => partnerGuests.id, { onDelete: 'set null' }),
    /** The fare engine's quote when the order was taken or last re-planned (GET booking/{id}/fare). */
    fareEstimate: jsonb('fare_estimate').$type<FareQuoteDto>(),
    /** The quote of the trip as driven, charged at payment. */
    fareFinal: jsonb('fare_final').$type<FareQuoteDto>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('bookings_status_datetime_idx').on(t.status, t.datetime),
    index('bookings_datetime_idx').on(t.datetime),
    index('bookings_passenger_idx').on(t.passengerId),
    index('bookings_ride_idx').on(t.rideId),
    index('bookings_pickup_sector_idx').on(t.pickupSectorId, t.datetime),
    index('bookings_dropoff_sector_idx').on(t.dropoffSectorId, t.datetime),
    index('bookings_origin_idx').on(t.origin, t.datetime),
    index('bookings_partner_idx').on(t.partnerId, t.status),
    index('bookings_partner_guest_idx').on(t.partnerGuestId),
    // A group's orders (GET booking?group_order, the group sizes of a page): the few bookings that have one.
    index('bookings_group_order_idx').on(t.groupOrder).where(sql`group_order is not null`),
  ],
);

/** A row that belongs to a booking: its booking_id, gone with the booking. */
export const bookingRef = () =>
  integer('booking_id')
    .notNull()
    .references(() => bookings.id, { onDelete: 'cascade' });

export const bookingStops = pgTable('booking_stops', {
  id: serial('id').primaryKey(),
  bookingId: bookingRef(),
  position: integer('position').notNull().default(0),
  locationName: text('location_name').notNull(),
  lon: doublePrecision('lon'),
  lat: doublePrecision('lat'),
});

export const bookingStatuses = pgTable(
  'booking_statuses',
  {
    id: serial('id').primaryKey(),
    bookingId: bookingRef(),
    status: text('status').notNull(),
    value: text('value'),
    lon: doublePrecision('lon'),
    lat: doublePrecision('lat'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('booking_statuses_booking_idx').on(t.bookingId)],
);

/** Offers of a booking to captains: SENT, ACCEPTED, REFUSED. */
export const bookingSuggestions = pgTable(
  'booking_suggestions',
  {
    id: serial('id').primaryKey(),
    bookingId: bookingRef(),
    captainId: integer('captain_id')
      .notNull()
      .references(() => captains.id),
    status: text('status').notNull().default('SENT'),
    /** 'single': offered to this captain alone; 'group': to several at once, the first to accept wins. */
    kind: text('kind').notNull().default('single'),
    until: ts('until'),
    /** The captain's ranking score the AI made the offer on (its popup explains the choice with it). */
    score: jsonb('score').$type<OfferScore>(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('booking_suggestions_booking_idx').on(t.bookingId),
    // Live offers of a captain (the "one captain, one offer" rule reads them for group offers).
    index('booking_suggestions_live_idx').on(t.captainId, t.until).where(sql`${t.status} = 'SENT'`),
  ],
);

export const serviceChangeSuggestions = pgTable(
  'service_change_suggestions',
  {
    id: serial('id').primaryKey(),
    bookingId: bookingRef(),
    newServiceId: integer('new_service_id')
      .notNull()
      .references(() => services.id),
    acceptedAt: ts('accepted_at'),
    createdById: integer('created_by_id').references(() => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('service_change_suggestions_booking_idx').on(t.bookingId)],
);

export const airportDetails = pgTable('airport_details', {
  bookingId: integer('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  agent: text('agent'),
  airAgencyName: text('air_agency_name'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  phoneNumber: text('phone_number'),
  whatsappNumber: text('whatsapp_number'),
  riders: integer('riders'),
  bags: integer('bags'),
  pnr: text('pnr'),
  country: text('country'),
  estimatedPrice: numeric('estimated_price', { precision: 10, scale: 2 }),
  /** The agency whose desk filed it (null: a request taken by the call centre). */
  agencyId: integer('agency_id').references(() => airportAgencies.id),
  lastUpdate: ts('last_update').notNull().defaultNow(),
});

export const geofenceLogs = pgTable(
  'geofence_logs',
  {
    id: serial('id').primaryKey(),
    bookingId: bookingRef(),
    captainId: integer('captain_id').references(() => captains.id),
    enterTime: ts('enter_time'),
    leaveTime: ts('leave_time'),
  },
  (t) => [index('geofence_logs_booking_idx').on(t.bookingId)],
);

/** Payment types: booking, tip, CANCELLATION_FEES; only status DONE counts. Amounts in euros. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    bookingId: bookingRef(),
    rideId: integer('ride_id').references(() => rides.id),
    status: text('status').notNull().default('DONE'),
    type: text('type').notNull().default('booking'),
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('payments_booking_idx').on(t.bookingId), index('payments_ride_idx').on(t.rideId)],
);

export const bookingNotes = pgTable(
  'booking_notes',
  {
    id: serial('id').primaryKey(),
    bookingId: bookingRef(),
    note: text('note').notNull(),
    authorId: integer('author_id').references(() => users.id),
    solvedAt: ts('solved_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('booking_notes_booking_idx').on(t.bookingId)],
);
