import { count, eq, inArray, sql } from 'drizzle-orm';
import { cars, vehicleTypes } from '../../../db/schema';
import { checkServiceIds, serviceLabel, serviceNames } from '../../fleet/service-ids';
import type { ServerHooks } from '../service';

/**
 * Vehicle types: known services only, the services' names and the number of cars of each type, a
 * rename carried to the cars that name the type, and the dispatcher's cache refreshed after each write.
 */
const hooks: ServerHooks = {
  async present(rows, db) {
    const names = await serviceNames(db);
    const typeNames = rows.map((r) => String(r.name).toLowerCase());
    const counts = typeNames.length
      ? await db
          .select({ type: sql<string>`lower(${cars.vehicleType})`, n: count() })
          .from(cars)
          .where(inArray(sql`lower(${cars.vehicleType})`, typeNames))
          .groupBy(sql`lower(${cars.vehicleType})`)
      : [];
    const carsOf = new Map(counts.map((c) => [c.type, c.n]));
    return rows.map((row) => {
      return {
        ...row,
        service_ids_label: serviceLabel(row.service_ids, names),
        cars: carsOf.get(String(row.name).toLowerCase()) ?? 0,
      };
    });
  },
  async beforeSave(input, { tx, mode, id }) {
    const serviceIds = await checkServiceIds(tx, input.service_ids, 'service_ids');
    if (mode === 'update' && id !== undefined && typeof input.name === 'string') {
      const [before] = await tx.select({ name: vehicleTypes.name }).from(vehicleTypes).where(eq(vehicleTypes.id, id));
      if (before && before.name !== input.name) {
        await tx
          .update(cars)
          .set({ vehicleType: input.name })
          .where(eq(sql`lower(${cars.vehicleType})`, before.name.toLowerCase()));
      }
    }
    return serviceIds === undefined ? input : { ...input, service_ids: serviceIds };
  },
  afterWrite(_event, app) {
    app.fleetRules.invalidate();
  },
};

export default hooks;
