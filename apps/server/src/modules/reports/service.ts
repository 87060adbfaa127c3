import type { StatisticsQuery } from '@taxi/shared';
import type { Db } from '../../db/client';
import { dashboard, monitor, type ReportsDeps } from './dashboard';
import { rebuildAggregates } from './rebuild';
import { statistics } from './statistics';

/** Reads of the booking aggregates, and their rebuild for a period. */
export class ReportsService {
  constructor(private readonly deps: ReportsDeps & { db: Db }) {}
  dashboard = (withRevenue: boolean) => dashboard(this.deps, withRevenue);
  monitor = (withRevenue: boolean) => monitor(this.deps, withRevenue);
  statistics = (q: StatisticsQuery, withRevenue: boolean) => statistics(this.deps.db, q, withRevenue, this.deps.now());
  rebuild = (period?: { from: Date; to: Date }) => rebuildAggregates(this.deps.db, period);
}
