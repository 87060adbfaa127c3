import type { TermsAudience } from '@taxi/shared';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Published terms and conditions: one row per version and audience, never edited (a change is a new version). */
export const termsVersions = pgTable(
  'terms_versions',
  {
    id: serial('id').primaryKey(),
    audience: text('audience').$type<TermsAudience>().notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('terms_versions_audience_version_idx').on(t.audience, t.version)],
);

/** Who accepted which version, when (recorded by the apps; one row per person and version). */
export const termsAcceptances = pgTable(
  'terms_acceptances',
  {
    id: serial('id').primaryKey(),
    termsId: integer('terms_id')
      .notNull()
      .references(() => termsVersions.id, { onDelete: 'restrict' }),
    ownerKind: text('owner_kind').$type<TermsAudience>().notNull(),
    ownerId: integer('owner_id').notNull(),
    acceptedAt: ts('accepted_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('terms_acceptances_owner_terms_idx').on(t.ownerKind, t.ownerId, t.termsId),
    index('terms_acceptances_terms_idx').on(t.termsId),
  ],
);
