import type { CompanyRequestDto, CompanyRequestStatus } from '@taxi/shared';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companyRequests, users } from '../../db/schema';
import type { PageSource } from '../../http/pagination';

const select = (db: DbOrTx) =>
  db
    .select({ r: companyRequests, first: users.firstName, last: users.lastName })
    .from(companyRequests)
    .leftJoin(users, eq(users.id, companyRequests.reviewedById));

type Row = { r: typeof companyRequests.$inferSelect; first: string | null; last: string | null };

export const presentRequest = ({ r, first, last }: Row): CompanyRequestDto => ({
  id: r.id,
  company_name: r.companyName,
  address: r.address,
  contact_first_name: r.contactFirstName,
  contact_last_name: r.contactLastName,
  contact_email: r.contactEmail,
  contact_phone: r.contactPhone,
  message: r.message,
  status: r.status as CompanyRequestStatus,
  reject_reason: r.rejectReason,
  company_id: r.companyId,
  user_id: r.userId,
  reviewed_by: first === null ? null : `${first} ${last ?? ''}`.trim(),
  reviewed_at: r.reviewedAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
});

/** The requests, pending first then newest, optionally of one status. */
export function requestsPage(db: DbOrTx, status: CompanyRequestStatus | undefined): PageSource<Row> {
  const where: SQL | undefined = status ? eq(companyRequests.status, status) : undefined;
  return {
    count: () => db.$count(companyRequests, where),
    rows: (limit, offset) =>
      select(db)
        .where(where)
        .orderBy(desc(eq(companyRequests.status, 'pending')), desc(companyRequests.createdAt), desc(companyRequests.id))
        .limit(limit)
        .offset(offset),
  };
}

export async function findRequest(db: DbOrTx, id: number): Promise<CompanyRequestDto | undefined> {
  const [row] = await select(db).where(and(eq(companyRequests.id, id)));
  return row ? presentRequest(row) : undefined;
}
