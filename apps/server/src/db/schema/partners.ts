import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { places } from './city';
import { ts } from './columns';

/** An airport agency (shell.md §6, roles 11 and 12): its staff file airport requests at airport/create. */
export const airportAgencies = pgTable('airport_agencies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** An inactive agency's desk files no new request (its staff still sign in and follow theirs). */
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Hotels, restaurants and companies (shell.md §2.2): partners that book rides for their guests or staff,
 * with their own staff logins (users.partner_id). `kind` scopes each catalogue page.
 */
export const partners = pgTable(
  'partners',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    address: text('address'),
    lon: doublePrecision('lon'),
    lat: doublePrecision('lat'),
    /** The city's place it stands at (hotels and restaurants of the demo city). */
    placeId: integer('place_id').references(() => places.id, { onDelete: 'set null' }),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    /** 'monthly' (one invoice a month) or 'per_ride'. */
    billing: text('billing').notNull().default('monthly'),
    /** Services its staff may book; empty: every service. */
    serviceIds: jsonb('service_ids').$type<number[]>().notNull().default([]),
    /** Active bookings it may hold at once; 0: no limit. */
    maxActiveBookings: integer('max_active_bookings').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('partners_kind_idx').on(t.kind, t.name)],
);

/**
 * Companies asking to open an account (/company-requests): reviewed, then approved into a company with its
 * first user (both made in one transaction) or rejected with a reason.
 */
export const companyRequests = pgTable('company_requests', {
  id: serial('id').primaryKey(),
  companyName: text('company_name').notNull(),
  address: text('address'),
  contactFirstName: text('contact_first_name').notNull(),
  contactLastName: text('contact_last_name').notNull().default(''),
  contactEmail: text('contact_email').notNull(),
  contactPhone: text('contact_phone'),
  message: text('message'),
  /** pending | approved | rejected */
  status: text('status').notNull().default('pending'),
  rejectReason: text('reject_reason'),
  companyId: integer('company_id').references(() => partners.id, { onDelete: 'set null' }),
  /** The company's first user, made on approval (no foreign key: users.ts reads this file). */
  userId: integer('user_id'),
  reviewedById: integer('reviewed_by_id'),
  reviewedAt: ts('reviewed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
