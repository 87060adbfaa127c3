import type { LonLat } from '@taxi/shared/geo';
import type { Db } from '../../db/client';
import { serviceSectors, vehicleTypes } from '../../db/schema';

interface Snapshot {
  /** Service id → lower-case names of the vehicle types that may serve it. */
  types: Map<number, string[]>;
  /** Service id → the sectors where it runs. */
  sectors: Map<number, number[]>;
}

/**
 * Which vehicle types serve each service and where each runs, read from their tables once and kept until
 * a write invalidates them (the vehicle types catalogue, PUT services/{id}/cars and /locations). The
 * dispatcher's fit rule and the booking's pickup check read it.
 */
export class FleetRules {
  private snapshot: Promise<Snapshot> | null = null;

  constructor(private readonly db: Db) {}

  invalidate(): void {
    this.snapshot = null;
  }

  private load(): Promise<Snapshot> {
    this.snapshot ??= (async () => {
      const [types, areas] = await Promise.all([
        this.db.select({ name: vehicleTypes.name, serviceIds: vehicleTypes.serviceIds }).from(vehicleTypes),
        this.db.select().from(serviceSectors),
      ]);
      const snapshot: Snapshot = { types: new Map(), sectors: new Map() };
      for (const t of types) {
        for (const id of t.serviceIds)
          snapshot.types.set(id, [...(snapshot.types.get(id) ?? []), t.name.toLowerCase()]);
      }
      for (const a of areas)
        snapshot.sectors.set(a.serviceId, [...(snapshot.sectors.get(a.serviceId) ?? []), a.sectorId]);
      return snapshot;
    })().catch((error) => {
      this.snapshot = null;
      throw error;
    });
    return this.snapshot;
  }

  /** The vehicle types (lower case) that may serve the service; null when none is set (its own type then). */
  async vehicleTypesOf(serviceId: number): Promise<string[] | null> {
    return (await this.load()).types.get(serviceId) ?? null;
  }

  /** The sectors where the service runs; null when it runs everywhere. */
  async sectorsOf(serviceId: number): Promise<number[] | null> {
    return (await this.load()).sectors.get(serviceId) ?? null;
  }

  /**
   * Whether the service runs at the point: everywhere when it has no zones, else when the point lies in
   * one of them (`sectorOf` with no tolerance: strictly inside).
   */
  async runsAt(serviceId: number, point: LonLat, sectorOf: (p: LonLat) => { id: number } | null): Promise<boolean> {
    const zones = await this.sectorsOf(serviceId);
    if (!zones) return true;
    const sector = sectorOf(point);
    return sector !== null && zones.includes(sector.id);
  }
}
