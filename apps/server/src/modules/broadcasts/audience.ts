import {
  BROADCAST_MSG,
  type BroadcastTarget,
  CITY_PHONE_REGION,
  type PhoneSearch,
  phoneMatches,
  phoneSearch,
} from '@taxi/shared';
import { and, asc, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { phoneMatch } from '../../db/phone-match';
import { captains, cars, services } from '../../db/schema';
import { serviceMismatch } from '../../dispatch/candidates';
import { validationError } from '../../http/errors';
import type { CityService } from '../city/service';
import type { FleetRules } from '../fleet/rules';
import { captainsOnShift } from '../planning/shifts';

/** A target and the name of its sector or service (null for online, shift and numbers). */
export interface NamedTarget extends BroadcastTarget {
  name: string | null;
}

/**
 * Who a message reaches: active captains (the blocked ones too: a message may concern them), by target.
 * - online: captains whose app is connected now;
 * - shift: captains whose shift has started and not ended (/shifts: started when they came online in its
 *   window, ended at its end or when they went offline after it);
 * - sector: captains whose last known position lies in the sector (the city's sector index, as places);
 * - service: captains who may serve the service as dispatch decides it (`serviceMismatch`: their services
 *   list, and their newest car's vehicle type), whether online or not;
 * - numbers: the captains its listed phone numbers named (`listed`, when the message was written).
 */
export class Audience {
  constructor(private readonly deps: { city: CityService; fleet?: Pick<FleetRules, 'vehicleTypesOf'> }) {}

  /** The target with its sector's or service's name; 422 on `target` when it names nothing. */
  async named(db: DbOrTx, target: BroadcastTarget): Promise<NamedTarget> {
    if (target.kind === 'sector') {
      const sector = target.id === null ? null : this.deps.city.sector(target.id);
      if (!sector) throw validationError('target', BROADCAST_MSG.unknownSector);
      return { ...target, name: sector.name };
    }
    if (target.kind === 'service') {
      const service = await this.service(db, target.id);
      return { ...target, name: service.name };
    }
    return { ...target, name: null };
  }

  private async service(db: DbOrTx, id: number | null) {
    const [service] =
      id === null
        ? []
        : await db
            .select({ id: services.id, name: services.name, vehicleType: services.vehicleType })
            .from(services)
            .where(eq(services.id, id));
    if (!service) throw validationError('target', BROADCAST_MSG.unknownService);
    return service;
  }

  /**
   * A `numbers` target with the captains its phone numbers name, each number read as the caller lookup reads
   * one (phoneSearch's `number` mode: that number, written nationally or internationally). 422 on
   * phone_numbers listing every number that names no captain (or is no number).
   */
  async listed(db: DbOrTx, target: BroadcastTarget, numbers: readonly string[]): Promise<BroadcastTarget> {
    if (target.kind !== 'numbers') return target;
    const lines = [...new Set(numbers.map((n) => n.trim()).filter(Boolean))];
    if (lines.length === 0) throw validationError('phone_numbers', BROADCAST_MSG.noNumbers);
    const searches = lines.map((line) => ({ line, search: phoneSearch(line, CITY_PHONE_REGION, 'number') }));
    const readable = searches.filter((s): s is { line: string; search: PhoneSearch } => s.search !== null);
    const rows = readable.length
      ? await db
          .select({ id: captains.id, phone: captains.phoneNumber })
          .from(captains)
          .where(or(...readable.map((s) => phoneMatch(captains.phoneNumber, s.search))))
          .orderBy(asc(captains.id))
      : [];
    const ids = new Set<number>();
    const unknown: string[] = [];
    for (const { line, search } of searches) {
      // The SQL found the captains of any number; phoneMatches (its mirror) tells whose number each one is.
      const named = search ? rows.filter((r) => phoneMatches(search, r.phone)) : [];
      if (named.length === 0) unknown.push(line);
      for (const r of named) ids.add(r.id);
    }
    if (unknown.length) throw validationError('phone_numbers', BROADCAST_MSG.unknownNumbers(unknown.join(', ')));
    return { ...target, captainIds: [...ids] };
  }

  /** The captains the target reaches now, by id. */
  async captainIds(db: DbOrTx, target: BroadcastTarget): Promise<number[]> {
    switch (target.kind) {
      case 'numbers': {
        // The listed captains that are still active captains.
        const listed = [...(target.captainIds ?? [])];
        if (listed.length === 0) return [];
        const rows = await db
          .select({ id: captains.id })
          .from(captains)
          .where(and(inArray(captains.id, listed), eq(captains.active, true)))
          .orderBy(asc(captains.id));
        return rows.map((r) => r.id);
      }
      case 'shift':
        return captainsOnShift(db);
      case 'online': {
        const rows = await db
          .select({ id: captains.id })
          .from(captains)
          .where(and(eq(captains.active, true), eq(captains.online, true)))
          .orderBy(asc(captains.id));
        return rows.map((r) => r.id);
      }
      case 'sector': {
        await this.named(db, target);
        const rows = await db
          .select({ id: captains.id, lon: captains.lastLon, lat: captains.lastLat })
          .from(captains)
          .where(and(eq(captains.active, true), isNotNull(captains.lastLon), isNotNull(captains.lastLat)))
          .orderBy(asc(captains.id));
        return rows
          .filter((r) => this.deps.city.sectorOf([r.lon as number, r.lat as number])?.id === target.id)
          .map((r) => r.id);
      }
      case 'service': {
        const service = await this.service(db, target.id);
        const [rows, carRows] = await Promise.all([
          db
            .select({ id: captains.id, serviceIds: captains.serviceIds })
            .from(captains)
            .where(eq(captains.active, true))
            .orderBy(asc(captains.id)),
          // Each captain's newest car, as dispatch takes it.
          db
            .selectDistinctOn([cars.captainId], {
              captainId: cars.captainId,
              vehicleType: cars.vehicleType,
              seats: cars.seats,
            })
            .from(cars)
            .where(isNotNull(cars.captainId))
            .orderBy(cars.captainId, desc(cars.id)),
        ]);
        const carOf = new Map(carRows.map((c) => [c.captainId, c]));
        // Any booking of the service (one passenger at least) that this captain's services and car fit.
        const booking = {
          service_id: service.id,
          vehicle_type: service.vehicleType,
          vehicle_types: (await this.deps.fleet?.vehicleTypesOf(service.id)) ?? null,
          seats: 1,
        };
        return rows
          .filter((r) => {
            const car = carOf.get(r.id);
            return (
              serviceMismatch(booking, {
                service_ids: r.serviceIds ?? [],
                vehicle_type: car?.vehicleType ?? null,
                seats: car?.seats ?? null,
              }) === null
            );
          })
          .map((r) => r.id);
      }
    }
  }
}
