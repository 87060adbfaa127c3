import { AI_ACTOR_ID, dateToCityLocal } from '@taxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { aiSuggestions } from '../../db/schema';
import type { DispatchService } from '../../dispatch/service';
import type { AppBus } from '../../events';
import type { RequestUser } from '../../http/auth';
import type { Clock } from '../../lib/clock';
import type { Realtime } from '../../realtime';
import type { BookingService } from '../bookings/service';
import type { CityService } from '../city/service';
import type { DispatchConfig } from '../settings/dispatch-config';
import type { LocationService } from '../tracking/service';
import type { UserService } from '../users/service';

export type Actor = Pick<RequestUser, 'id' | 'roles' | 'permissions'>;
export type SuggestionRow = typeof aiSuggestions.$inferSelect;

/**
 * The AI itself (a countdown that ran out): the system dispatches, so it holds the dispatcher's
 * permission; the booking log shows its acts as AI_MSG.countdownDoer.
 */
export const AI_ACTOR: Actor = { id: AI_ACTOR_ID, roles: [], permissions: ['DISPATCHING'] };

export const MIN = 60_000;

export interface AiDeps {
  db: Db;
  clock: Clock;
  bus: AppBus;
  realtime: Pick<Realtime, 'emit' | 'emitToUser'>;
  bookings: BookingService;
  engine: DispatchService;
  locations: LocationService;
  city: CityService;
  users: UserService;
  /** The live dispatching settings (offer and popup timings, snooze, scheduled lead, time change). */
  config: Pick<DispatchConfig, 'current'>;
  log: FastifyBaseLogger;
}

export const fullName = (a: string | null | undefined, b: string | null | undefined) => `${a ?? ''} ${b ?? ''}`.trim();

/** 'YYYY-MM-DD HH:mm' in the city's zone → date and time parts. */
export function cityParts(d: Date): { date: string; time: string; local: string } {
  const local = dateToCityLocal(d);
  const [ymd, hm] = local.split(' ');
  const [y, m, day] = ymd.split('-');
  return { date: `${day}/${m}/${y}`, time: hm, local };
}
