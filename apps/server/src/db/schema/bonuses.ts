import { boolean, date, index, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { sectors } from './city';
import { ts } from './columns';

/** Bonus packages (/bonus_package): a named, dated set of captain bonuses. */
export const bonusPackages = pgTable('bonus_packages', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  validFrom: date('valid_from').notNull(),
  validTo: date('valid_to'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The bonuses of a package (/bonus_package/{id}/bonuses): what a captain must reach in a day, and the amount. */
export const bonuses = pgTable(
  'bonuses',
  {
    id: serial('id').primaryKey(),
    bonusPackageId: integer('bonus_package_id')
      .notNull()
      .references(() => bonusPackages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** rides_count | zone_rides | acceptance_rate (BONUS_KINDS). */
    kind: text('kind').notNull(),
    /** Rides for the ride kinds, a percentage for the acceptance rate. */
    threshold: integer('threshold').notNull(),
    /** The sector a zone bonus counts pick-ups in. */
    sectorId: integer('sector_id').references(() => sectors.id),
    /** Euros. */
    amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [index('bonuses_package_idx').on(t.bonusPackageId)],
);

/** When rides count for a bonus (/bonus/{id}/time_slices): an ISO day of the week and a city-time window. */
export const bonusTimeSlices = pgTable(
  'bonus_time_slices',
  {
    id: serial('id').primaryKey(),
    bonusId: integer('bonus_id')
      .notNull()
      .references(() => bonuses.id, { onDelete: 'cascade' }),
    /** 1 Monday … 7 Sunday. */
    dayOfWeek: integer('day_of_week').notNull(),
    /** HH:MM, city time; the window is [from, to). */
    fromTime: text('from_time').notNull(),
    toTime: text('to_time').notNull(),
  },
  (t) => [index('bonus_time_slices_bonus_idx').on(t.bonusId)],
);

/** Conditional bonuses (/conditional_bonus): every condition given must hold over a day for the amount. */
export const conditionalBonuses = pgTable('conditional_bonuses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  /** Paid rides in the day. */
  minRides: integer('min_rides').notNull(),
  /** Percentage of accepted offers among those answered, when given. */
  minAcceptanceRate: integer('min_acceptance_rate'),
  /** Only rides of this service count, when given. */
  serviceId: integer('service_id'),
  /** Euros. */
  amount: numeric('amount', { precision: 10, scale: 2, mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
