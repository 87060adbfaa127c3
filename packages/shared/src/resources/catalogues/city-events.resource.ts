import { z } from 'zod';
import { texts } from '../../i18n';
import { defineResource } from '../define';
import { optionalCityDay, optionalFilter } from '../filters';

/** What the server answers about city events (ours: the spec names the routes and their permission). */
export const EVENTS_MSG = texts({
  placeOrPoint: 'Choose a place or a point on the map',
  endAfterStart: 'The end must come after the start',
  tooLong: 'An event lasts at most 7 days',
  placeNotFound: 'This place does not exist',
  periodTooLong: 'Choose at most 31 days',
} as const);

export const EVENT_KINDS = ['concert', 'race', 'congress', 'match', 'festival', 'fair', 'other'] as const;
export const DEMAND_LEVELS = ['low', 'medium', 'high', 'very_high'] as const;
/** Which events the list shows: running or to come, running today, over, or all. */
export const EVENT_WHEN = ['upcoming', 'today', 'past', 'all'] as const;
export type EventWhen = (typeof EVENT_WHEN)[number];

/** An event's radius, metres. */
export const EVENT_RADIUS_MIN = 50;
export const EVENT_RADIUS_MAX = 5000;
/** The longest event (a festival of a week). */
export const EVENT_MAX_DURATION_MS = 7 * 24 * 3600_000;

const day = optionalCityDay();

/** The list's filters besides the search: when (default all), kind, and the city days it overlaps. */
export const cityEventFilters = z.object({
  when: optionalFilter(z.enum(EVENT_WHEN)),
  kind: optionalFilter(z.enum(EVENT_KINDS)),
  from_date: day,
  to_date: day,
});
export type CityEventFilters = z.infer<typeof cityEventFilters>;

/**
 * City events (/events, EVENTS_REPORTS): concerts, races, congresses… at a city place or a point, with a
 * radius. The server fills the point from the place and checks the period (city-events.server.ts).
 */
export const cityEventsResource = defineResource({
  key: 'city_events',
  url: 'events',
  title: 'Events',
  route: 'Events',
  createRoute: 'EventsCreate',
  itemRoute: 'Event',
  permission: 'EVENTS_REPORTS',
  table: 'cityEvents',
  defaultSort: 'starts_at',
  filters: cityEventFilters,
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, max: 120, sortable: true, searchable: true },
    {
      name: 'kind',
      label: 'Kind',
      type: 'select',
      required: true,
      sortable: true,
      options: [
        { value: 'concert', label: 'Concert' },
        { value: 'race', label: 'Race' },
        { value: 'congress', label: 'Congress' },
        { value: 'match', label: 'Match' },
        { value: 'festival', label: 'Festival' },
        { value: 'fair', label: 'Fair' },
        { value: 'other', label: 'Other' },
      ],
    },
    { name: 'place_id', label: 'Place', type: 'reference', reference: { url: 'places', labelField: 'name' } },
    { name: 'lat', label: 'Latitude', type: 'number', min: -90, max: 90, list: false },
    { name: 'lon', label: 'Longitude', type: 'number', min: -180, max: 180, list: false },
    {
      name: 'radius_m',
      label: 'Radius (m)',
      type: 'number',
      required: true,
      min: EVENT_RADIUS_MIN,
      max: EVENT_RADIUS_MAX,
      default: 500,
      align: 'right',
    },
    { name: 'starts_at', label: 'Starts at', type: 'datetime', required: true, sortable: true },
    { name: 'ends_at', label: 'Ends at', type: 'datetime', required: true, sortable: true },
    {
      name: 'expected_attendance',
      label: 'Expected attendance',
      type: 'number',
      min: 0,
      max: 1_000_000,
      sortable: true,
      align: 'right',
    },
    {
      name: 'demand_level',
      label: 'Demand level',
      type: 'select',
      required: true,
      default: 'medium',
      sortable: true,
      options: [
        { value: 'low', label: 'Low' },
        { value: 'medium', label: 'Medium' },
        { value: 'high', label: 'High' },
        { value: 'very_high', label: 'Very high' },
      ],
    },
    { name: 'notes', label: 'Notes', type: 'textarea', max: 2000, searchable: true, list: false },
  ],
  presented: { place_name: z.string().nullable() },
});

/** The report's margin around an event: bookings from 1 h before its start to 1 h after its end. */
export const EVENT_REPORT_MARGIN_MS = 3600_000;
/** The baseline: the same window one week earlier. */
export const EVENT_REPORT_BASELINE_MS = 7 * 24 * 3600_000;
/** A period's report holds at most this many events, over at most this many days. */
export const EVENT_REPORT_MAX_EVENTS = 50;
export const EVENT_REPORT_MAX_DAYS = 31;
export default cityEventsResource;
