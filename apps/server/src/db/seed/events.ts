import { MAP_CENTER } from '@taxi/shared';
import { asc, inArray } from 'drizzle-orm';
import { bookings, cityEvents, passengers, places, services } from '../schema';
import type { Seeder } from './index';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const M_PER_DEGREE = 111_320;

type Kind = 'concert' | 'race' | 'congress' | 'match' | 'festival' | 'fair';
interface Plan {
  name: string;
  kind: Kind;
  /** Start, hours from now. */
  at: number;
  hours: number;
  radius: number;
  attendance: number;
  demand: 'low' | 'medium' | 'high' | 'very_high';
  /** Extra bookings around it (past events) and a week before. */
  around?: [number, number];
}

const PLANS: Plan[] = [
  { name: 'Jazz at the harbour', kind: 'concert', at: -1, hours: 4, radius: 400, attendance: 3000, demand: 'high' },
  { name: 'Spring fair', kind: 'fair', at: -5, hours: 9, radius: 600, attendance: 8000, demand: 'medium' },
  { name: 'City marathon', kind: 'race', at: 3 * 24, hours: 6, radius: 1500, attendance: 20000, demand: 'very_high' },
  {
    name: 'Medical congress',
    kind: 'congress',
    at: 10 * 24,
    hours: 10,
    radius: 300,
    attendance: 1500,
    demand: 'medium',
  },
  { name: 'Football derby', kind: 'match', at: 5 * 24 + 2, hours: 2, radius: 800, attendance: 12000, demand: 'high' },
  {
    name: 'Summer festival',
    kind: 'festival',
    at: -6 * 24,
    hours: 3,
    radius: 500,
    attendance: 6000,
    demand: 'high',
    around: [24, 6],
  },
  {
    name: 'Basketball final',
    kind: 'match',
    at: -13 * 24,
    hours: 2,
    radius: 500,
    attendance: 4000,
    demand: 'medium',
    around: [14, 5],
  },
];

/** A point about `meters` from (lat, lon) towards `angle` radians. */
function offset(lat: number, lon: number, meters: number, angle: number) {
  return {
    lat: lat + (meters * Math.sin(angle)) / M_PER_DEGREE,
    lon: lon + (meters * Math.cos(angle)) / (M_PER_DEGREE * Math.cos((lat * Math.PI) / 180)),
  };
}

/**
 * City events at demo places: two running today, three to come, two past ones with bookings picked up and
 * dropped off around them (and fewer the week before), so /events/report has something to compare.
 */
export const seedEvents: Seeder = {
  name: 'events',
  async run(db, { log }) {
    const spots = await db
      .select({ id: places.id, lat: places.lat, lon: places.lon, name: places.name })
      .from(places)
      .where(inArray(places.category, ['landmark', 'station', 'hotel']))
      .orderBy(asc(places.id))
      .limit(PLANS.length);
    const [pax] = await db.select({ id: passengers.id }).from(passengers).orderBy(asc(passengers.id)).limit(1);
    const [service] = await db.select({ id: services.id }).from(services).orderBy(asc(services.id)).limit(1);
    const hourNow = Math.floor(Date.now() / HOUR) * HOUR;
    let around = 0;
    for (const [i, plan] of PLANS.entries()) {
      const spot = spots[i % Math.max(spots.length, 1)] ?? {
        id: null,
        lat: MAP_CENTER[1],
        lon: MAP_CENTER[0],
        name: plan.name,
      };
      const startsAt = new Date(hourNow + plan.at * HOUR);
      const endsAt = new Date(startsAt.getTime() + plan.hours * HOUR);
      await db.insert(cityEvents).values({
        name: plan.name,
        kind: plan.kind,
        placeId: spot.id,
        lat: spot.lat,
        lon: spot.lon,
        radiusM: plan.radius,
        startsAt,
        endsAt,
        expectedAttendance: plan.attendance,
        demandLevel: plan.demand,
        notes: null,
      });
      if (!plan.around || !pax || !service) continue;
      const [during, before] = plan.around;
      const rows = [
        ...Array.from({ length: during }, (_, k) => ({ k, shift: 0 })),
        ...Array.from({ length: before }, (_, k) => ({ k, shift: 7 * DAY })),
      ].map(({ k, shift }) => {
        const near = offset(spot.lat, spot.lon, 60 + ((k * 37) % (plan.radius - 80)), k * 2.1);
        const far = offset(spot.lat, spot.lon, 2500 + k * 40, k * 1.3);
        // Half arrive for it (dropoff near), half leave from it (pickup near), across its window ± 1 h.
        const arriving = k % 2 === 0;
        const from = arriving ? far : near;
        const to = arriving ? near : far;
        const minutes = ((k * 23) % ((plan.hours + 2) * 60)) - 60;
        const datetime = new Date(startsAt.getTime() - shift + minutes * 60_000);
        return {
          status: 'DONE',
          origin: 'app',
          datetime,
          serviceId: service.id,
          passengerId: pax.id,
          pickUpLocationName: arriving ? 'City' : spot.name,
          pickUpLat: from.lat,
          pickUpLon: from.lon,
          pullDownLocationName: arriving ? spot.name : 'City',
          pullDownLat: to.lat,
          pullDownLon: to.lon,
          createdAt: new Date(datetime.getTime() - 60_000),
          updatedAt: new Date(datetime.getTime() + 30 * 60_000),
        };
      });
      await db.insert(bookings).values(rows);
      around += rows.length;
    }
    log(`${PLANS.length} city events, ${around} bookings around the past ones`);
  },
};
