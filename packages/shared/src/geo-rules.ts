import { cityWallClock } from './city-time';
import { texts, tr } from './i18n';

/** What the server answers about a zone's geometry (ours: the spec leaves the editors' messages open). */
export const GEO_MSG = texts({
  notGeometry: 'Enter a GeoJSON Polygon or MultiPolygon',
  notJson: 'Enter valid GeoJSON',
  ringTooShort: 'Each ring needs at least 4 positions',
  ringNotClosed: 'Each ring must end where it starts',
  outOfRange: 'Longitudes lie between -180 and 180, latitudes between -90 and 90',
  selfIntersects: 'The outline crosses itself',
  overlaps: (name: string) => tr('Overlaps the sector {{name}}', { name }),
  timeFormat: 'Enter a time as HH:mm',
  bothTimes: 'Give both ends of the time window, or neither',
  pointOrArea: 'Give a point with a radius, or an area',
  unknownLayer: 'Unknown layer',
  featureErrors: 'Some features are invalid',
  coversNoSector: 'The outline covers no sector: list sector_ids or draw it around some sectors',
  restricted: (name: string) => tr('Refused here: restricted area {{name}}', { name }),
  blacklisted: (reason: string) => tr('Refused here: blacklisted location ({{reason}})', { reason }),
  flagged: (reason: string) => tr('Flagged for review: blacklisted location ({{reason}})', { reason }),
} as const);

/** A trip ends at a seasonal destination when its dropoff is this close to it (metres): its fixed price applies. */
export const SEASONAL_DESTINATION_RADIUS_M = 150;

/** Which end of a booking a point is. */
export const BOOKING_POINT_ROLES = ['pickup', 'dropoff'] as const;
export type BookingPointRole = (typeof BOOKING_POINT_ROLES)[number];

export interface RestrictedAreaRule {
  appliesTo: 'pickup' | 'dropoff' | 'both';
  allowedServiceIds: readonly number[];
  allowedFrom: string | null;
  allowedTo: string | null;
}

/** Minutes since the city's midnight at an instant. */
export function cityMinuteOfDay(ms: number): number {
  const c = cityWallClock(ms);
  return c.hour * 60 + c.minute;
}

/**
 * Whether a restricted area refuses a booking's pickup or dropoff: it applies to that end, and the booking
 * is not allowed there — allowed needs its service listed (when services are listed) and the time inside the
 * daily window (when a window is set); an area listing neither allows nothing. Without a service (a lookup),
 * only the time counts.
 */
export function restrictedAreaRefuses(
  area: RestrictedAreaRule,
  role: BookingPointRole,
  serviceId: number | null,
  atMs: number,
): boolean {
  if (area.appliesTo !== 'both' && area.appliesTo !== role) return false;
  const byService = area.allowedServiceIds.length > 0;
  const from = area.allowedFrom ? minutesOfDay(area.allowedFrom) : null;
  const to = area.allowedTo ? minutesOfDay(area.allowedTo) : null;
  const byTime = from !== null && to !== null;
  if (!byService && !byTime) return true;
  const serviceOk = !byService || (serviceId !== null && area.allowedServiceIds.includes(serviceId));
  const timeOk = !byTime || inDailyWindow(cityMinuteOfDay(atMs), from, to);
  return !(serviceOk && timeOk);
}

/** "HH:mm" → minutes since midnight, or null. */
export function minutesOfDay(value: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Whether a daily window [from, to) holds the minute; a window past midnight (22:00–06:00) wraps. */
export function inDailyWindow(minute: number, from: number, to: number): boolean {
  if (from === to) return true;
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/**
 * The stations' dispatch rule: a booking whose pickup lies inside a station's radius is offered first to the
 * head of that station's queue — the first captain in arrival order who is a candidate for it; the others
 * keep their ranking order.
 */
export function stationQueueFirst<T extends { captain_id: number }>(
  ranked: readonly T[],
  queue: readonly number[],
): T[] {
  const head = queue.find((id) => ranked.some((c) => c.captain_id === id));
  if (head === undefined) return [...ranked];
  return [...ranked.filter((c) => c.captain_id === head), ...ranked.filter((c) => c.captain_id !== head)];
}
