import { type CaptainCapabilitiesDto, FLEET_MSG, type ServiceCarsDto, type ServiceLocationsDto } from '@taxi/shared';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { captains, cars, sectors, serviceSectors, services, vehicleTypes } from '../../db/schema';
import { notFound, validationError } from '../../http/errors';
import type { FleetRules } from './rules';

/** /services/{id}/cars and /services/{id}/locations: read and replace, then the rules' cache follows. */
export class FleetService {
  constructor(private readonly deps: { db: Db; rules: FleetRules }) {}

  private async service(id: number) {
    const [row] = await this.deps.db.select({ id: services.id }).from(services).where(eq(services.id, id));
    if (!row) throw notFound();
  }

  async cars(serviceId: number): Promise<ServiceCarsDto> {
    await this.service(serviceId);
    const { db } = this.deps;
    const types = await db
      .select({ id: vehicleTypes.id, name: vehicleTypes.name })
      .from(vehicleTypes)
      .where(sql`${vehicleTypes.serviceIds} @> ${JSON.stringify([serviceId])}::jsonb`)
      .orderBy(vehicleTypes.id);
    const names = types.map((t) => t.name.toLowerCase());
    const [n] = names.length
      ? await db
          .select({ n: count() })
          .from(cars)
          .where(inArray(sql`lower(${cars.vehicleType})`, names))
      : [{ n: 0 }];
    return { service_id: serviceId, vehicle_type_ids: types.map((t) => t.id), cars: n.n };
  }

  async saveCars(serviceId: number, ids: readonly number[]): Promise<ServiceCarsDto> {
    await this.service(serviceId);
    const wanted = new Set(ids);
    await this.deps.db.transaction(async (tx) => {
      const all = await tx.select({ id: vehicleTypes.id, serviceIds: vehicleTypes.serviceIds }).from(vehicleTypes);
      const known = new Set(all.map((t) => t.id));
      if ([...wanted].some((id) => !known.has(id))) {
        throw validationError('vehicle_type_ids', FLEET_MSG.unknownVehicleType);
      }
      for (const t of all) {
        const has = t.serviceIds.includes(serviceId);
        if (has === wanted.has(t.id)) continue;
        const next = has
          ? t.serviceIds.filter((s) => s !== serviceId)
          : [...t.serviceIds, serviceId].sort((a, b) => a - b);
        await tx.update(vehicleTypes).set({ serviceIds: next }).where(eq(vehicleTypes.id, t.id));
      }
    });
    this.deps.rules.invalidate();
    return this.cars(serviceId);
  }

  async capabilities(captainId: number): Promise<CaptainCapabilitiesDto> {
    const [row] = await this.deps.db
      .select({ capabilities: captains.capabilities })
      .from(captains)
      .where(eq(captains.id, captainId));
    if (!row) throw notFound();
    return { captain_id: captainId, capabilities: row.capabilities };
  }

  async saveCapabilities(captainId: number, list: readonly string[]): Promise<CaptainCapabilitiesDto> {
    const [row] = await this.deps.db
      .update(captains)
      .set({ capabilities: [...new Set(list)].sort() })
      .where(eq(captains.id, captainId))
      .returning({ capabilities: captains.capabilities });
    if (!row) throw notFound();
    return { captain_id: captainId, capabilities: row.capabilities };
  }

  async locations(serviceId: number): Promise<ServiceLocationsDto> {
    await this.service(serviceId);
    const rows = await this.deps.db
      .select({ id: serviceSectors.sectorId })
      .from(serviceSectors)
      .where(eq(serviceSectors.serviceId, serviceId))
      .orderBy(serviceSectors.sectorId);
    return { service_id: serviceId, sector_ids: rows.map((r) => r.id) };
  }

  async saveLocations(serviceId: number, ids: readonly number[]): Promise<ServiceLocationsDto> {
    await this.service(serviceId);
    const unique = [...new Set(ids)];
    await this.deps.db.transaction(async (tx) => {
      const known = unique.length
        ? await tx.select({ id: sectors.id }).from(sectors).where(inArray(sectors.id, unique))
        : [];
      if (known.length !== unique.length) throw validationError('sector_ids', FLEET_MSG.unknownSector);
      await tx.delete(serviceSectors).where(eq(serviceSectors.serviceId, serviceId));
      if (unique.length) await tx.insert(serviceSectors).values(unique.map((sectorId) => ({ serviceId, sectorId })));
    });
    this.deps.rules.invalidate();
    return this.locations(serviceId);
  }
}
