import { z } from 'zod';
import { STAT_GROUPS } from '../reports/period';
import { csvExport } from './endpoints/exports';
import { envelope } from './envelope';

/** One figure of today with its hourly series (the sparkline), city hours from midnight. */
const figureSchema = z.object({ value: z.number().nullable(), series: z.array(z.number().nullable()) });

const statusCountsSchema = z.object({
  pending: z.number(),
  dispatched: z.number(),
  ongoing: z.number(),
  completed: z.number(),
  cancelled: z.number(),
});

export const dashboardSchema = z
  .object({
    /** The city day, YYYY-MM-DD. */
    day: z.string(),
    /** ISO start of each hour of the series. */
    hours: z.array(z.string()),
    bookings: figureSchema,
    by_status: statusCountsSchema,
    completed: figureSchema,
    cancelled: figureSchema,
    /** Seconds from due to dispatched. */
    wait_p50_s: figureSchema,
    wait_p90_s: figureSchema,
    /** Minutes. */
    mean_eta_min: figureSchema,
    /** Share (0..1) of the dispatched bookings the AI dispatched on its own. */
    automation_rate: figureSchema,
    cancellations_by_reason: z.array(
      z.object({
        kind: z.enum(['user', 'captain', 'none']),
        reason_id: z.number().nullable(),
        text: z.string().nullable(),
        count: z.number(),
      }),
    ),
    captains: z.object({ online: z.number(), free: z.number(), busy: z.number() }),
    /** The call centre today, from the call log (CALL_FIGURES): calls waiting in the queue now, inbound calls,
     * the share of the incoming calls answered within the service level (CALL_SERVICE_LEVEL_S) and the share the
     * callers hung up on before an answer (0..1; null without an incoming call). Null: voice is off on this
     * deployment (no SIP server configured). */
    calls: z
      .object({
        waiting: z.number(),
        inbound: z.number(),
        answered_in_time: z.number().nullable(),
        abandoned_rate: z.number().nullable(),
      })
      .nullable(),
    /** Euros; absent without the payments permission. */
    revenue_eur: figureSchema.optional(),
    generated_at: z.string(),
  })
  .meta({ id: 'ReportsDashboard' });

export const monitorSchema = dashboardSchema
  .extend({
    waiting: z.object({ count: z.number(), oldest_s: z.number().nullable() }),
  })
  .meta({ id: 'ReportsMonitor' });

export const statisticsRowSchema = z.object({
  /** The group's key: ISO instant (hour, day), sector/service id, or origin code. */
  key: z.string(),
  label: z.string(),
  bookings: z.number(),
  completed: z.number(),
  cancelled: z.number(),
  /** Euros; absent without the payments permission. */
  revenue_eur: z.number().optional(),
  /** Captain utilisation (utilisationOf): time on bookings over time on shift in the row's span (0..1); null
   * without any time on shift. */
  utilisation: z.number().nullable(),
});

export const statisticsSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    group: z.enum(STAT_GROUPS),
    rows: z.array(statisticsRowSchema),
    totals: statisticsRowSchema.omit({ key: true, label: true }),
  })
  .meta({ id: 'ReportsStatistics' });

export type DashboardDto = z.infer<typeof dashboardSchema>;
export type MonitorDto = z.infer<typeof monitorSchema>;
export type StatisticsDto = z.infer<typeof statisticsSchema>;
export type StatisticsRowDto = z.infer<typeof statisticsRowSchema>;

export const reportsContract = {
  dashboard: envelope(dashboardSchema),
  monitor: envelope(monitorSchema),
  statistics: envelope(statisticsSchema),
  statisticsCsv: csvExport('The statistics table'),
};
