import { z } from 'zod';
import { EVENT_KINDS } from '../resources/catalogues/city-events.resource';
import { csvExport } from './endpoints/exports';
import { envelope } from './envelope';

/** One hour of an event's window: bookings picked up and dropped off within its radius, and a week before. */
export const eventReportHourSchema = z
  .object({
    /** The hour's start (ISO); the baseline hour is the same instant seven days earlier. */
    hour: z.string(),
    pickups: z.number(),
    dropoffs: z.number(),
    baseline_pickups: z.number(),
    baseline_dropoffs: z.number(),
  })
  .meta({ id: 'EventReportHour' });

const totalsSchema = z.object({
  pickups: z.number(),
  dropoffs: z.number(),
  baseline_pickups: z.number(),
  baseline_dropoffs: z.number(),
});

/** An event of the report: its window (start − margin … end + margin), per hour, and the totals. */
export const eventReportSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    kind: z.enum(EVENT_KINDS),
    lat: z.number(),
    lon: z.number(),
    radius_m: z.number(),
    starts_at: z.string(),
    ends_at: z.string(),
    window_start: z.string(),
    window_end: z.string(),
    hours: z.array(eventReportHourSchema),
    totals: totalsSchema,
  })
  .meta({ id: 'EventReport' });
export type EventReport = z.infer<typeof eventReportSchema>;

/** An event running today, as the live map's layer draws it. */
export const eventTodaySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    kind: z.enum(EVENT_KINDS),
    lat: z.number(),
    lon: z.number(),
    radius_m: z.number(),
    starts_at: z.string(),
    ends_at: z.string(),
  })
  .meta({ id: 'EventToday' });
export type EventToday = z.infer<typeof eventTodaySchema>;

export const eventsContract = {
  report: envelope(z.object({ margin_minutes: z.number(), events: z.array(eventReportSchema) })),
  today: envelope(z.array(eventTodaySchema)),
  reportCsv: csvExport('Events report'),
};

/** One change of a lost item: who, when, what (the audit log's fields before and after). */
export const lostItemChangeSchema = z
  .object({
    id: z.number(),
    action: z.enum(['create', 'update', 'delete']),
    actor: z.string().nullable(),
    at: z.string(),
    changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  })
  .meta({ id: 'LostItemChange' });
export type LostItemChange = z.infer<typeof lostItemChangeSchema>;

export const lostAndFoundContract = {
  history: envelope(z.array(lostItemChangeSchema)),
};
