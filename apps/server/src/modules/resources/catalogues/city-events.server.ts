import { type CityEventFilters, EVENT_MAX_DURATION_MS, EVENTS_MSG } from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import { and, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import { cityEvents, places } from '../../../db/schema';
import { validationError } from '../../../http/errors';
import { cityDayBounds, dayRange } from '../../events/days';
import type { ServerHooks, Values } from '../service';

const time = (value: unknown): number | null => {
  if (value instanceof Date) return value.getTime();
  if (typeof value !== 'string' || value === '') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
};
const given = (v: unknown): v is number => typeof v === 'number';

/**
 * City events: a chosen place gives the point (unless one is set by hand); a point is required; the end
 * comes after the start, at most EVENT_MAX_DURATION_MS later (an edit of one end is checked against the other).
 */
const hooks: ServerHooks = {
  async present(rows, db) {
    const ids = [...new Set(rows.map((r) => r.place_id).filter(given))];
    const names = new Map(
      ids.length
        ? (await db.select({ id: places.id, name: places.name }).from(places).where(inArray(places.id, ids))).map(
            (p) => [p.id, p.name],
          )
        : [],
    );
    return rows.map((row) => ({ ...row, place_name: given(row.place_id) ? (names.get(row.place_id) ?? null) : null }));
  },

  async beforeSave(input, { tx, mode, id }) {
    const out: Values = { ...input };
    if (given(input.place_id)) {
      const [place] = await tx
        .select({ lat: places.lat, lon: places.lon })
        .from(places)
        .where(eq(places.id, input.place_id));
      if (!place) throw validationError('place_id', EVENTS_MSG.placeNotFound);
      if (!given(input.lat) || !given(input.lon)) {
        out.lat = place.lat;
        out.lon = place.lon;
      }
    }
    const [stored] =
      mode === 'update' && id !== undefined
        ? await tx
            .select({ startsAt: cityEvents.startsAt, endsAt: cityEvents.endsAt, lat: cityEvents.lat })
            .from(cityEvents)
            .where(eq(cityEvents.id, id))
        : [];
    const pointSet = (v: unknown, kept: boolean) => (v === undefined ? kept : given(v));
    if (!pointSet(out.lat, !!stored) || !pointSet(out.lon, !!stored))
      throw validationError(given(out.lat) ? 'lon' : 'lat', EVENTS_MSG.placeOrPoint);
    const start = time(out.starts_at) ?? stored?.startsAt.getTime() ?? null;
    const end = time(out.ends_at) ?? stored?.endsAt.getTime() ?? null;
    if (start !== null && end !== null) {
      if (end <= start) throw validationError('ends_at', EVENTS_MSG.endAfterStart);
      if (end - start > EVENT_MAX_DURATION_MS) throw validationError('ends_at', EVENTS_MSG.tooLong);
    }
    return out;
  },

  filter(values, now) {
    const f = values as CityEventFilters;
    if (f.from_date && f.to_date && f.from_date > f.to_date)
      throw validationError('to_date', tr('The end date must not be before the start date.'));
    const today = cityDayBounds(now);
    const range = dayRange(f.from_date, f.to_date);
    const parts: (SQL | undefined)[] = [
      f.when === 'upcoming' ? gte(cityEvents.endsAt, now) : undefined,
      f.when === 'past' ? lt(cityEvents.endsAt, now) : undefined,
      f.when === 'today' ? and(lt(cityEvents.startsAt, today.end), gte(cityEvents.endsAt, today.start)) : undefined,
      f.kind ? eq(cityEvents.kind, f.kind) : undefined,
      range.start ? gte(cityEvents.endsAt, range.start) : undefined,
      range.end ? lt(cityEvents.startsAt, range.end) : undefined,
    ];
    return and(...parts);
  },
};

export default hooks;
