import {
  EVENT_REPORT_BASELINE_MS,
  EVENT_REPORT_MARGIN_MS,
  EVENT_REPORT_MAX_EVENTS,
  type EventReport,
  type EventToday,
} from '@taxi/shared';
import { and, asc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { bookings, cityEvents } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { cityDayBounds } from './days';

const HOUR_MS = 3600_000;
const EARTH_RADIUS_M = 6_371_000;
const M_PER_DEGREE = 111_320;

export interface Circle {
  lat: number;
  lon: number;
  radiusM: number;
}

/**
 * A point column pair within the circle: a bounding box first (cheap), then the great-circle distance
 * (haversine). A null point is never inside.
 */
export function withinCircle(latCol: PgColumn, lonCol: PgColumn, c: Circle): SQL {
  const dLat = c.radiusM / M_PER_DEGREE;
  const dLon = c.radiusM / (M_PER_DEGREE * Math.max(Math.cos((c.lat * Math.PI) / 180), 0.01));
  const haversine = sql`${EARTH_RADIUS_M * 2} * asin(least(1, sqrt(
    power(sin(radians(${latCol} - ${c.lat}) / 2), 2)
    + cos(radians(${c.lat}::float8)) * cos(radians(${latCol})) * power(sin(radians(${lonCol} - ${c.lon}) / 2), 2))))`;
  return sql`(${latCol} between ${c.lat - dLat} and ${c.lat + dLat}
    and ${lonCol} between ${c.lon - dLon} and ${c.lon + dLon}
    and ${haversine} <= ${c.radiusM})`;
}

export interface HourCount {
  pickups: number;
  dropoffs: number;
}

/**
 * Bookings of [start, end) picked up or dropped off within the circle, by hour from `start` (the booking's
 * time). The time range is an index range scan of bookings_datetime_idx; the circle filters what it finds.
 */
export async function bookingsAround(db: Db, c: Circle, start: Date, end: Date): Promise<Map<number, HourCount>> {
  const pickIn = withinCircle(bookings.pickUpLat, bookings.pickUpLon, c);
  const dropIn = withinCircle(bookings.pullDownLat, bookings.pullDownLon, c);
  const hour = sql<number>`floor(extract(epoch from (${bookings.datetime} - ${start}::timestamptz)) / 3600)::int`;
  const rows = await db
    .select({
      hour: hour.mapWith(Number),
      pickups: sql<number>`count(*) filter (where ${pickIn})`.mapWith(Number),
      dropoffs: sql<number>`count(*) filter (where ${dropIn})`.mapWith(Number),
    })
    .from(bookings)
    .where(and(gte(bookings.datetime, start), lt(bookings.datetime, end), or(pickIn, dropIn)))
    // By position: the hour's expression carries parameters, so it cannot be repeated.
    .groupBy(sql`1`);
  return new Map(rows.map((r) => [r.hour, { pickups: r.pickups, dropoffs: r.dropoffs }]));
}

type EventRow = typeof cityEvents.$inferSelect;

/** The events report (/events/report) and the live map's layer of today's events. */
export class EventReportService {
  constructor(private readonly deps: { db: Db; clock: Clock }) {}

  /** One event's window (± the margin) by hour, against the same window a week earlier. */
  async ofEvent(event: EventRow): Promise<EventReport> {
    const { db } = this.deps;
    const circle = { lat: event.lat, lon: event.lon, radiusM: event.radiusM };
    const start = new Date(event.startsAt.getTime() - EVENT_REPORT_MARGIN_MS);
    const end = new Date(event.endsAt.getTime() + EVENT_REPORT_MARGIN_MS);
    const back = (d: Date) => new Date(d.getTime() - EVENT_REPORT_BASELINE_MS);
    const [now, before] = await Promise.all([
      bookingsAround(db, circle, start, end),
      bookingsAround(db, circle, back(start), back(end)),
    ]);
    const hours = Array.from({ length: Math.ceil((end.getTime() - start.getTime()) / HOUR_MS) }, (_, h) => ({
      hour: new Date(start.getTime() + h * HOUR_MS).toISOString(),
      pickups: now.get(h)?.pickups ?? 0,
      dropoffs: now.get(h)?.dropoffs ?? 0,
      baseline_pickups: before.get(h)?.pickups ?? 0,
      baseline_dropoffs: before.get(h)?.dropoffs ?? 0,
    }));
    const sum = (key: keyof (typeof hours)[number]) => hours.reduce((n, h) => n + (h[key] as number), 0);
    return {
      id: event.id,
      name: event.name,
      kind: event.kind as EventReport['kind'],
      lat: event.lat,
      lon: event.lon,
      radius_m: event.radiusM,
      starts_at: event.startsAt.toISOString(),
      ends_at: event.endsAt.toISOString(),
      window_start: start.toISOString(),
      window_end: end.toISOString(),
      hours,
      totals: {
        pickups: sum('pickups'),
        dropoffs: sum('dropoffs'),
        baseline_pickups: sum('baseline_pickups'),
        baseline_dropoffs: sum('baseline_dropoffs'),
      },
    };
  }

  /** One event by id (404), or the events overlapping [from, to) in start order (at most EVENT_REPORT_MAX_EVENTS). */
  async report(q: { eventId?: number; from?: Date; to?: Date }): Promise<EventReport[]> {
    const { db } = this.deps;
    if (q.eventId !== undefined) {
      const [event] = await db.select().from(cityEvents).where(eq(cityEvents.id, q.eventId));
      if (!event) throw notFound();
      return [await this.ofEvent(event)];
    }
    const events = await db
      .select()
      .from(cityEvents)
      .where(and(q.from ? gte(cityEvents.endsAt, q.from) : undefined, q.to ? lt(cityEvents.startsAt, q.to) : undefined))
      .orderBy(asc(cityEvents.startsAt), asc(cityEvents.id))
      .limit(EVENT_REPORT_MAX_EVENTS);
    const out: EventReport[] = [];
    for (const event of events) out.push(await this.ofEvent(event));
    return out;
  }

  /** Events running at some time of the city's current day (the live map's layer). */
  async today(): Promise<EventToday[]> {
    const day = cityDayBounds(new Date(this.deps.clock.now()));
    const rows = await this.deps.db
      .select()
      .from(cityEvents)
      .where(and(lt(cityEvents.startsAt, day.end), gte(cityEvents.endsAt, day.start)))
      .orderBy(asc(cityEvents.startsAt))
      .limit(EVENT_REPORT_MAX_EVENTS);
    return rows.map((e) => ({
      id: e.id,
      name: e.name,
      kind: e.kind as EventToday['kind'],
      lat: e.lat,
      lon: e.lon,
      radius_m: e.radiusM,
      starts_at: e.startsAt.toISOString(),
      ends_at: e.endsAt.toISOString(),
    }));
  }
}
