import {
  COMPLAINT_STATUSES,
  type ComplaintLogItemDto,
  cityDayEnd,
  cityLocalToDate,
  RESOURCE_MSG,
  ROWS_PER_PAGE_OPTIONS,
  SEARCH_MAX,
  text,
} from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { complaintAudios, complaintCategories, complaintComments, complaints, users } from '../../db/schema';
import { pageQueryAmong, paginate } from '../../http/pagination';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const DATE_FORMAT = 'YYYY-MM-DD';
const cityDay = z.preprocess(
  blank,
  text(SEARCH_MAX)
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && cityLocalToDate(v) !== null, {
      message: tr('Use the format {{format}}', { format: DATE_FORMAT }),
    })
    .optional(),
);
const idFilter = z.preprocess(blank, z.coerce.number().int().min(1).max(2_147_483_647).optional());

/** The log's filters (GET complaints and its CSV export). */
const complaintFilters = {
  status: z.preprocess(blank, z.enum(COMPLAINT_STATUSES).optional()),
  category_id: idFilter,
  booking_id: idFilter,
  captain_id: idFilter,
  passenger_id: idFilter,
  /** City days `YYYY-MM-DD`, both included. */
  from: cityDay,
  to: cityDay,
};
const fromBeforeTo = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;
const toBeforeFrom = { path: ['to'], message: tr('The end date must not be before the start date.') };

/** GET complaints: page and perPage (the table's options), newest first, with the log's filters. */
export const complaintLogQuery = pageQueryAmong(new Set<number>(ROWS_PER_PAGE_OPTIONS), RESOURCE_MSG.invalidPerPage)
  .omit({ search: true })
  .extend(complaintFilters)
  .refine(fromBeforeTo, toBeforeFrom);
/** GET complaints/export.csv: the log's filters without paging. */
export const complaintExportQuery = z.object(complaintFilters).refine(fromBeforeTo, toBeforeFrom);
export type ComplaintLogQuery = z.infer<typeof complaintLogQuery>;
export type ComplaintLogFilters = Omit<ComplaintLogQuery, 'page' | 'perPage'>;

/** Totals are exact up to this many complaints and reported as this many beyond (paging reaches every row). */
export const COMPLAINT_LOG_COUNT_CAP = 1_000;

export function complaintLogWhere(f: ComplaintLogFilters): SQL | undefined {
  return and(
    f.status ? eq(complaints.status, f.status) : undefined,
    f.category_id ? eq(complaints.categoryId, f.category_id) : undefined,
    f.booking_id ? eq(complaints.bookingId, f.booking_id) : undefined,
    f.captain_id ? eq(complaints.captainId, f.captain_id) : undefined,
    f.passenger_id ? eq(complaints.passengerId, f.passenger_id) : undefined,
    // The city's days: from its midnight to the next one (cityDayEnd keeps clock changes right).
    f.from ? gte(complaints.createdAt, cityLocalToDate(f.from) as Date) : undefined,
    f.to ? lt(complaints.createdAt, cityDayEnd(f.to) as Date) : undefined,
  );
}

/**
 * A page of the complaint log, newest first: each filter column leads an index ending in (created_at, id)
 * (schema/complaints.ts), so the page is an index range read; the counts of the page's rows are
 * per-row index lookups.
 */
export function listComplaintLog(
  db: DbOrTx,
  filters: ComplaintLogFilters,
  page: { page: number; perPage: number; url?: string },
) {
  const where = complaintLogWhere(filters);
  return paginate<ComplaintLogItemDto>(
    {
      count: async () => {
        const capped = db
          .select({ one: sql`1` })
          .from(complaints)
          .where(where)
          .limit(COMPLAINT_LOG_COUNT_CAP + 1)
          .as('capped');
        const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
        return Math.min(Number(row.n), COMPLAINT_LOG_COUNT_CAP);
      },
      countCap: COMPLAINT_LOG_COUNT_CAP,
      rows: async (limit, offset) => {
        // The page's ids first (an index range read under the filters), then its 10 rows joined and counted.
        const page = db
          .select({ id: complaints.id })
          .from(complaints)
          .where(where)
          .orderBy(desc(complaints.createdAt), desc(complaints.id))
          .limit(limit)
          .offset(offset)
          .as('page');
        const rows = await db
          .select({
            complaint: complaints,
            doerFirst: users.firstName,
            doerLast: users.lastName,
            categoryName: complaintCategories.name,
            audioCount: sql<number>`(select count(*)::int from ${complaintAudios} where ${complaintAudios.complaintId} = ${complaints.id})`,
            commentCount: sql<number>`(select count(*)::int from ${complaintComments} where ${complaintComments.complaintId} = ${complaints.id})`,
          })
          .from(page)
          .innerJoin(complaints, eq(complaints.id, page.id))
          .leftJoin(users, eq(users.id, complaints.doer))
          .leftJoin(complaintCategories, eq(complaintCategories.id, complaints.categoryId))
          .orderBy(desc(complaints.createdAt), desc(complaints.id));
        return rows.map((r) => ({
          id: r.complaint.id,
          booking_id: r.complaint.bookingId,
          captain_id: r.complaint.captainId,
          passenger_id: r.complaint.passengerId,
          description: r.complaint.description,
          doer: r.complaint.doer,
          doer_name: personName(r.doerFirst, r.doerLast),
          status: r.complaint.status,
          category_id: r.complaint.categoryId,
          category_name: r.categoryName ?? null,
          entity_id: r.complaint.entityId,
          created_at: r.complaint.createdAt.toISOString(),
          audio_count: Number(r.audioCount),
          comment_count: Number(r.commentCount),
        }));
      },
    },
    page,
  );
}

/** `First Last`, or null when there is no such user. */
export const personName = (first: string | null | undefined, last: string | null | undefined): string | null =>
  first ? `${first} ${last ?? ''}`.trim() : null;
