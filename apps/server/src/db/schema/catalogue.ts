import { sql } from 'drizzle-orm';
import { pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** Catalogues of the console's resource pages (people.md "Generic data table"). */
export const nationalities = pgTable(
  'nationalities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
  },
  (t) => [
    uniqueIndex('nationalities_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('nationalities_code_key').on(t.code),
  ],
);

export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    swift: text('swift'),
    country: text('country'),
  },
  (t) => [uniqueIndex('banks_name_key').on(sql`lower(${t.name})`)],
);

export const ratingCauses = pgTable('rating_causes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  target: text('target').notNull().default('captain'),
});

export const changeCaptainReasons = pgTable('change_captain_reasons', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
});
