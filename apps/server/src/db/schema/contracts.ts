import { boolean, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { captains } from './people';

/** Captains' contract templates (/contract_template). */
export const contractTemplates = pgTable('contract_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  body: text('body').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A template's levels: the company's commission on each ride of a captain on that level. */
export const contractTemplateLevels = pgTable('contract_template_levels', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  contractTemplateId: integer('contract_template_id')
    .notNull()
    .references(() => contractTemplates.id, { onDelete: 'restrict' }),
  commissionPercent: numeric('commission_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The contract a captain signed: its level sets the commission the ledger deducts from each ride. */
export const captainContracts = pgTable('captain_contracts', {
  captainId: integer('captain_id')
    .primaryKey()
    .references(() => captains.id, { onDelete: 'cascade' }),
  levelId: integer('level_id')
    .notNull()
    .references(() => contractTemplateLevels.id, { onDelete: 'restrict' }),
  signedAt: ts('signed_at').notNull().defaultNow(),
});
