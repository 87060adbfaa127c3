import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { banks } from './catalogue';
import { ts } from './columns';

/** Services (bookings.md: ids 1 pooling, 2 full car, 7 VIP, and others). Ids are explicit. */
export const services = pgTable('services', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  icon: text('icon'),
  isPooling: boolean('is_pooling').notNull().default(false),
  vehicleType: text('vehicle_type').notNull().default('sedan'),
  seats: integer('seats').notNull().default(4),
  active: boolean('active').notNull().default(true),
});

/** Passengers (people.md §3). `registered=false` marks passengers created by phone without an app account. */
export const passengers = pgTable(
  'passengers',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    username: text('username'),
    email: text('email'),
    whatsappNumber: text('whatsapp_number'),
    phoneNumber: text('phone_number').notNull(),
    idCardFront: text('id_card_front'),
    idCardBack: text('id_card_back'),
    profileImage: text('profile_image'),
    approvedAt: ts('approved_at'),
    rejectedCount: integer('rejected_count').notNull().default(0),
    canUseVip: boolean('can_use_vip').notNull().default(false),
    activeLoyaltyClasses: jsonb('active_loyalty_classes').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(false),
    registered: boolean('registered').notNull().default(true),
    gender: integer('gender'),
    /** Set when documents were removed as under legal age: the passenger cannot be approved. */
    approvalBlocked: boolean('approval_blocked').notNull().default(false),
    documentsRemovedAt: ts('documents_removed_at'),
    documentsRemovalReason: text('documents_removal_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('passengers_phone_idx').on(t.phoneNumber),
    // the key of a whole number's end (PHONE_MATCH_DIGITS; db/phone-match.ts); the digits' trigram indexes: 0052
    index('passengers_phone_key_idx').on(sql`right(regexp_replace(${t.phoneNumber}, '[^0-9]', '', 'g'), 9)`),
    index('passengers_whatsapp_key_idx').on(sql`right(regexp_replace(${t.whatsappNumber}, '[^0-9]', '', 'g'), 9)`),
    index('passengers_name_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
    // prefix search (LIKE 'term%') on any collation; pg_trgm is not available in PGlite
    index('passengers_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('passengers_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('passengers_full_name_prefix_idx').on(sql`(lower(${t.firstName} || ' ' || ${t.lastName})) text_pattern_ops`),
    index('passengers_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('passengers_phone_prefix_idx').on(sql`${t.phoneNumber} text_pattern_ops`),
    index('passengers_whatsapp_prefix_idx').on(sql`${t.whatsappNumber} text_pattern_ops`),
    // GET /api/files/{name} finds the passenger an ID-card file belongs to (modules/files/owners.ts).
    index('passengers_id_card_front_idx').on(t.idCardFront),
    index('passengers_id_card_back_idx').on(t.idCardBack),
  ],
);

export const cashRegisters = pgTable('cash_registers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const carBrands = pgTable('car_brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
});

export const carModels = pgTable('car_models', {
  id: serial('id').primaryKey(),
  carBrandId: integer('car_brand_id')
    .notNull()
    .references(() => carBrands.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
});

export const colors = pgTable('colors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  hex: text('hex'),
});

/** Captains (drivers), people.md §3, plus the live state dispatch needs. */
export const captains = pgTable(
  'captains',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    username: text('username'),
    email: text('email'),
    whatsappNumber: text('whatsapp_number'),
    phoneNumber: text('phone_number'),
    profileImage: text('profile_image'),
    conversationId: text('conversation_id'),
    active: boolean('active').notNull().default(false),
    registered: boolean('registered').notNull().default(true),
    activatedAt: ts('activated_at'),
    cashRegisterId: integer('cash_register_id').references(() => cashRegisters.id),
    /** Where a payout by transfer goes: a bank of /banks and the IBAN (normalised, validated). */
    bankId: integer('bank_id').references(() => banks.id, { onDelete: 'set null' }),
    iban: text('iban'),
    blockedUntil: ts('blocked_until'),
    blockReason: text('block_reason'),
    serviceIds: jsonb('service_ids').$type<number[]>().notNull().default([]),
    /** What the captain and their car offer (CAPTAIN_CAPABILITIES): the booking constraints they satisfy. */
    capabilities: jsonb('capabilities').$type<string[]>().notNull().default([]),
    online: boolean('online').notNull().default(false),
    lastLon: doublePrecision('last_lon'),
    lastLat: doublePrecision('last_lat'),
    lastLocationAt: ts('last_location_at'),
    blockedAt: ts('blocked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('captains_name_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName})`),
    index('captains_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
    index('captains_last_name_prefix_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('captains_full_name_prefix_idx').on(sql`(lower(${t.firstName} || ' ' || ${t.lastName})) text_pattern_ops`),
    index('captains_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    index('captains_phone_prefix_idx').on(sql`${t.phoneNumber} text_pattern_ops`),
    index('captains_phone_key_idx').on(sql`right(regexp_replace(${t.phoneNumber}, '[^0-9]', '', 'g'), 9)`),
    index('captains_blocked_until_idx').on(t.blockedUntil),
  ],
);

export const cars = pgTable(
  'cars',
  {
    id: serial('id').primaryKey(),
    captainId: integer('captain_id').references(() => captains.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    colorId: integer('color_id').references(() => colors.id),
    carModelId: integer('car_model_id').references(() => carModels.id),
    vehicleType: text('vehicle_type').notNull().default('sedan'),
    seats: integer('seats').notNull().default(4),
    /** Model year (from the captain's car request; unknown for older cars). */
    year: integer('year'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('cars_captain_idx').on(t.captainId), index('cars_number_idx').on(t.number)],
);
