import {
  COMPANY_REQUEST_MSG,
  type CompanyRequestApprove,
  type CompanyRequestCreate,
  type CompanyRequestDto,
  type CompanyRequestStatus,
  PARTNER_ROLES,
} from '@taxi/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { auditLog, companyRequests, partners, userRoles, users } from '../../db/schema';
import { conflict, notFound, validationError } from '../../http/errors';
import { paginate } from '../../http/pagination';
import { type Clock, dateOf } from '../../lib/clock';
import { hashPassword } from '../../lib/password';
import { findRequest, presentRequest, requestsPage } from './present';

const audit = (tx: Tx, actorId: number, action: string, id: number, after: unknown) =>
  tx.insert(auditLog).values({ actorId, action, entity: 'company_request', entityId: String(id), after });

/** Company requests: filed, then approved into a company and its first user, or rejected with a reason. */
export class CompanyRequestService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  async list(query: { page: number; perPage: number; status?: CompanyRequestStatus }, url: string) {
    const page = await paginate(requestsPage(this.deps.db, query.status), { ...query, url });
    return { ...page, data: page.data.map(presentRequest) };
  }

  async show(id: number): Promise<CompanyRequestDto> {
    const found = await findRequest(this.deps.db, id);
    if (!found) throw notFound();
    return found;
  }

  async create(actorId: number, input: CompanyRequestCreate): Promise<CompanyRequestDto> {
    const id = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(companyRequests)
        .values({
          companyName: input.company_name,
          address: input.address,
          contactFirstName: input.contact_first_name,
          contactLastName: input.contact_last_name,
          contactEmail: input.contact_email.toLowerCase(),
          contactPhone: input.contact_phone,
          message: input.message,
          createdAt: dateOf(this.deps.clock),
        })
        .returning({ id: companyRequests.id });
      await audit(tx, actorId, 'create', row.id, input);
      return row.id;
    });
    return this.show(id);
  }

  /** The pending request, locked for the review (409 once reviewed). */
  private async pending(tx: Tx, id: number) {
    const [row] = await tx.select().from(companyRequests).where(eq(companyRequests.id, id)).for('update');
    if (!row) throw notFound();
    if (row.status !== 'pending') throw conflict(COMPANY_REQUEST_MSG.alreadyReviewed);
    return row;
  }

  /** One transaction: the company (a partner of kind company), its first user (Company staff), the request approved. */
  async approve(actorId: number, id: number, input: CompanyRequestApprove): Promise<CompanyRequestDto> {
    const passwordHash = await hashPassword(input.password);
    const now = dateOf(this.deps.clock);
    await this.deps.db.transaction(async (tx) => {
      const request = await this.pending(tx, id);
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${request.contactEmail.toLowerCase()}`);
      if (taken) throw validationError('contact_email', COMPANY_REQUEST_MSG.emailTaken);
      const [company] = await tx
        .insert(partners)
        .values({
          kind: 'company',
          name: request.companyName,
          address: request.address,
          contactName: `${request.contactFirstName} ${request.contactLastName}`.trim(),
          contactPhone: request.contactPhone,
          contactEmail: request.contactEmail,
          billing: input.billing,
          maxActiveBookings: input.max_active_bookings,
          createdAt: now,
        })
        .returning({ id: partners.id });
      const [user] = await tx
        .insert(users)
        .values({
          email: request.contactEmail.toLowerCase(),
          firstName: request.contactFirstName,
          lastName: request.contactLastName,
          passwordHash,
          partnerId: company.id,
          partnerKind: 'company',
        })
        .returning({ id: users.id });
      await tx.insert(userRoles).values({ userId: user.id, roleId: PARTNER_ROLES.company.id, position: 0 });
      await tx
        .update(companyRequests)
        .set({ status: 'approved', companyId: company.id, userId: user.id, reviewedById: actorId, reviewedAt: now })
        .where(and(eq(companyRequests.id, id), eq(companyRequests.status, 'pending')));
      await audit(tx, actorId, 'approve', id, { company_id: company.id, user_id: user.id });
    });
    return this.show(id);
  }

  async reject(actorId: number, id: number, reason: string): Promise<CompanyRequestDto> {
    const now = dateOf(this.deps.clock);
    await this.deps.db.transaction(async (tx) => {
      await this.pending(tx, id);
      await tx
        .update(companyRequests)
        .set({ status: 'rejected', rejectReason: reason, reviewedById: actorId, reviewedAt: now })
        .where(eq(companyRequests.id, id));
      await audit(tx, actorId, 'reject', id, { reason });
    });
    return this.show(id);
  }
}
