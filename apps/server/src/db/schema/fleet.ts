import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sectors } from './city';
import { services } from './people';

/**
 * Vehicle types (/VehicleTypesManagement) and the services each may carry (/services/{id}/cars reads and
 * writes the same list). A car names its type in `cars.vehicle_type` (the type's name, without case);
 * renaming a type renames it on its cars.
 */
export const vehicleTypes = pgTable(
  'vehicle_types',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    seats: integer('seats').notNull().default(4),
    serviceIds: jsonb('service_ids').$type<number[]>().notNull().default([]),
  },
  (t) => [uniqueIndex('vehicle_types_name_key').on(sql`lower(${t.name})`)],
);

/** Where a service may run (/services/{id}/locations): city sectors. None: everywhere. */
export const serviceSectors = pgTable(
  'service_sectors',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.sectorId] })],
);

/**
 * Booking constraints (/constraints): what the operator may ask of the captain of a booking (bookings.md
 * static and dynamic constraints). A captain satisfies one when their capabilities hold `capability`.
 */
export const constraints = pgTable(
  'constraints',
  {
    id: serial('id').primaryKey(),
    constraintName: text('constraint_name').notNull(),
    abbreviation: text('abbreviation').notNull(),
    kind: text('kind').notNull().default('static'),
    capability: text('capability').notNull(),
  },
  (t) => [uniqueIndex('constraints_name_key').on(sql`lower(${t.constraintName})`)],
);
