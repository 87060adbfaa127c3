import type { Preferences } from '@taxi/shared';
import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { airportAgencies, partners } from './partners';

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  profileImage: text('profile_image'),
  online: boolean('online').notNull().default(false),
  // AI status (shell.md §3)
  snoozedAt: timestamp('snoozed_at', { withTimezone: true }),
  snoozeInterval: integer('snooze_interval').notNull().default(0),
  dispatchInterval: integer('dispatch_interval').notNull().default(0),
  aiStopped: text('ai_stopped').notNull().default('0'),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /** Language, theme (the console's profile menu) and the Requests board's card density. */
  preferences: jsonb('preferences').$type<Preferences>().notNull().default({}),
  active: boolean('active').notNull().default(true),
  /** The airport agency a role 11/12 user works for (their requests are the agency's). */
  airportAgencyId: integer('airport_agency_id').references(() => airportAgencies.id),
  /** The partner (hotel, restaurant, company) a partner staff account belongs to, and its kind. */
  partnerId: integer('partner_id').references(() => partners.id, { onDelete: 'cascade' }),
  partnerKind: text('partner_kind'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Ids are explicit: the spec names role ids (1 admin, 11/12 airport). */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

/** `position` orders a user's roles: the first one counts (shell.md §6). */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
