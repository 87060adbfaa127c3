import { AIRPORT_MSG } from '@taxi/shared';
import { count, eq, inArray } from 'drizzle-orm';
import { airportDetails, users } from '../../../db/schema';
import { conflict } from '../../../http/errors';
import type { ServerHooks } from '../service';

/** Airport agencies: each row counts its staff accounts and requests; an agency in use is never deleted. */
const hooks: ServerHooks = {
  async present(rows, db) {
    const ids = rows.map((r) => r.id);
    if (!ids.length) return rows;
    const staff = await db
      .select({ id: users.airportAgencyId, n: count() })
      .from(users)
      .where(inArray(users.airportAgencyId, ids))
      .groupBy(users.airportAgencyId);
    const requests = await db
      .select({ id: airportDetails.agencyId, n: count() })
      .from(airportDetails)
      .where(inArray(airportDetails.agencyId, ids))
      .groupBy(airportDetails.agencyId);
    const staffOf = new Map(staff.map((s) => [s.id, s.n]));
    const requestsOf = new Map(requests.map((r) => [r.id, r.n]));
    return rows.map((row) => ({
      ...row,
      users_count: staffOf.get(row.id) ?? 0,
      requests_count: requestsOf.get(row.id) ?? 0,
    }));
  },
  // Its staff would lose their desk and its requests their agency: 409 with what to do instead.
  async beforeDelete(id, tx) {
    const [staff] = await tx.select({ n: count() }).from(users).where(eq(users.airportAgencyId, id));
    if (staff.n > 0) throw conflict(AIRPORT_MSG.agencyHasUsers);
    const [requests] = await tx.select({ n: count() }).from(airportDetails).where(eq(airportDetails.agencyId, id));
    if (requests.n > 0) throw conflict(AIRPORT_MSG.agencyHasRequests);
  },
};

export default hooks;
