import {
  cityDayEnd,
  cityLocalToDate,
  maskedCode,
  phoneSearch,
  SEARCH_MAX,
  SMS_CODE_PURPOSES,
  SMS_CODE_STATUSES,
  SMS_RECIPIENT_KINDS,
  type SmsCodeDto,
  type SmsCodeStatus,
  text,
} from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import { and, count, desc, eq, gt, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { phoneMatch } from '../../db/phone-match';
import { captains, outboundMessages, passengers, smsCodes } from '../../db/schema';
import { pageQuerySchema, paginate } from '../../http/pagination';
import { likePrefix } from '../people/queries';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const DATE_FORMAT = 'YYYY-MM-DD';
const localDate = z.preprocess(
  blank,
  text(SEARCH_MAX)
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && cityLocalToDate(v) !== null, {
      message: tr('Use the format {{format}}', { format: DATE_FORMAT }),
    })
    .optional(),
);

/** GET sms_codes: page, perPage and search (always newest first), status, recipient kind, purpose, dates. */
export const smsCodeListQuery = pageQuerySchema
  .extend({
    status: z.preprocess(blank, z.enum(SMS_CODE_STATUSES).optional()),
    recipient_kind: z.preprocess(blank, z.enum(SMS_RECIPIENT_KINDS).optional()),
    purpose: z.preprocess(blank, z.enum(SMS_CODE_PURPOSES).optional()),
    from_date: localDate,
    to_date: localDate,
  })
  .refine((q) => !q.from_date || !q.to_date || q.from_date <= q.to_date, {
    path: ['to_date'],
    message: tr('The end date must not be before the start date.'),
  });
export type SmsCodeListQuery = z.infer<typeof smsCodeListQuery>;
export type SmsCodeFilters = Omit<SmsCodeListQuery, 'page' | 'perPage' | 'search'>;

/** The status as of `now`: a live code past its expiry is expired. */
const statusAt = (now: Date) =>
  sql<SmsCodeStatus>`case when ${smsCodes.status} = 'sent' and ${smsCodes.expiresAt} <= ${now} then 'expired' else ${smsCodes.status} end`;

function statusIs(status: SmsCodeStatus, now: Date): SQL | undefined {
  if (status === 'sent') return and(eq(smsCodes.status, 'sent'), gt(smsCodes.expiresAt, now));
  if (status === 'expired') {
    return or(eq(smsCodes.status, 'expired'), and(eq(smsCodes.status, 'sent'), lte(smsCodes.expiresAt, now)));
  }
  return eq(smsCodes.status, status);
}

const fullName = (table: typeof passengers | typeof captains) =>
  sql`lower(${table.firstName} || ' ' || ${table.lastName})`;

/** Phone (in any form: phoneSearch) or the recipient's name (first, last or full name, prefix). */
function searchFor(term: string): SQL | undefined {
  const t = term.trim().toLowerCase();
  if (!t) return undefined;
  const phone = phoneSearch(t);
  if (phone) return phoneMatch(smsCodes.phone, phone);
  const p = likePrefix(t);
  const named = (table: typeof passengers | typeof captains) =>
    or(
      sql`lower(${table.firstName}) like ${p}`,
      sql`lower(${table.lastName}) like ${p}`,
      sql`${fullName(table)} like ${p}`,
    );
  return or(named(passengers), named(captains));
}

export function smsCodeWhere(f: SmsCodeFilters & { search?: string }, now: Date): SQL | undefined {
  return and(
    f.search ? searchFor(f.search) : undefined,
    f.status ? statusIs(f.status, now) : undefined,
    f.recipient_kind ? eq(smsCodes.recipientKind, f.recipient_kind) : undefined,
    f.purpose ? eq(smsCodes.purpose, f.purpose) : undefined,
    f.from_date ? gte(smsCodes.createdAt, cityLocalToDate(f.from_date) as Date) : undefined,
    f.to_date ? lt(smsCodes.createdAt, cityDayEnd(f.to_date) as Date) : undefined,
  );
}

const passengerJoin = and(eq(smsCodes.recipientKind, 'passenger'), eq(passengers.id, smsCodes.recipientId));
const captainJoin = and(eq(smsCodes.recipientKind, 'captain'), eq(captains.id, smsCodes.recipientId));

/** A page of codes, newest first, with who received each (never the code: its last two digits at most). */
export function listSmsCodes(
  db: DbOrTx,
  filters: SmsCodeFilters & { search?: string },
  page: { page: number; perPage: number; url?: string },
  now: Date,
) {
  const where = smsCodeWhere(filters, now);
  return paginate<SmsCodeDto>(
    {
      count: async () => {
        const [row] = await db
          .select({ n: count() })
          .from(smsCodes)
          .leftJoin(passengers, passengerJoin)
          .leftJoin(captains, captainJoin)
          .where(where);
        return row.n;
      },
      rows: async (limit, offset) => {
        const rows = await db
          .select({
            id: smsCodes.id,
            kind: smsCodes.recipientKind,
            recipientId: smsCodes.recipientId,
            passengerName: sql<string | null>`${passengers.firstName} || ' ' || ${passengers.lastName}`,
            captainName: sql<string | null>`${captains.firstName} || ' ' || ${captains.lastName}`,
            phone: smsCodes.phone,
            purpose: smsCodes.purpose,
            status: statusAt(now),
            hint: smsCodes.codeHint,
            delivery: outboundMessages.status,
            attempts: smsCodes.attempts,
            createdAt: smsCodes.createdAt,
            expiresAt: smsCodes.expiresAt,
            verifiedAt: smsCodes.verifiedAt,
          })
          .from(smsCodes)
          .leftJoin(passengers, passengerJoin)
          .leftJoin(captains, captainJoin)
          .leftJoin(outboundMessages, eq(outboundMessages.id, smsCodes.messageId))
          .where(where)
          .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
          .limit(limit)
          .offset(offset);
        return rows.map((r) => ({
          id: r.id,
          recipient: {
            kind: r.kind,
            id: r.recipientId,
            name: (r.kind === 'passenger' ? r.passengerName : r.captainName)?.trim() || null,
          },
          phone: r.phone,
          purpose: r.purpose,
          status: r.status,
          code_masked: maskedCode(r.hint),
          delivery: r.delivery ?? null,
          attempts: r.attempts,
          created_at: r.createdAt.toISOString(),
          expires_at: r.expiresAt.toISOString(),
          verified_at: r.verifiedAt?.toISOString() ?? null,
        }));
      },
    },
    page,
  );
}
