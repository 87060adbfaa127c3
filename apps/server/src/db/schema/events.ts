import { doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { places } from './city';
import { ts } from './columns';

/** City events (/events): a place or a point with a radius, a period, the demand it brings. */
export const cityEvents = pgTable(
  'city_events',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** concert | race | congress | match | festival | fair | other */
    kind: text('kind').notNull(),
    placeId: integer('place_id').references(() => places.id, { onDelete: 'set null' }),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    radiusM: integer('radius_m').notNull().default(500),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    expectedAttendance: integer('expected_attendance'),
    /** low | medium | high | very_high */
    demandLevel: text('demand_level').notNull().default('medium'),
    notes: text('notes'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('city_events_starts_idx').on(t.startsAt), index('city_events_ends_idx').on(t.endsAt)],
);
