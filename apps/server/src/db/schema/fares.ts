import type { PriceRuleInput, Season } from '@taxi/shared';
import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { services } from './people';

/** A service's prices in one season (the services' price pages; the fare engine's tariff). */
export const serviceTariffs = pgTable(
  'service_tariffs',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    season: text('season').$type<Season>().notNull(),
    base: numeric('base', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    perKm: numeric('per_km', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    perMinute: numeric('per_minute', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    minimum: numeric('minimum', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    waitingPerMinute: numeric('waiting_per_minute', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.season] })],
);

/** Ordered price rules (/priceRules): conditions and effect as the API states them. */
export const priceRules = pgTable(
  'price_rules',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    order: integer('order').notNull(),
    active: boolean('active').notNull().default(true),
    stop: boolean('stop').notNull().default(false),
    conditions: jsonb('conditions').$type<PriceRuleInput['conditions']>().notNull(),
    effect: jsonb('effect').$type<PriceRuleInput['effect']>().notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('price_rules_order_idx').on(t.order, t.id)],
);
