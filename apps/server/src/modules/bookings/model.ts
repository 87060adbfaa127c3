import type { BookingRuleInput, BookingStatus, CaptainRefDto, CarDto } from '@taxi/shared';
import type { RequestUser } from '../../http/auth';
import type { BookingRow } from './presenter';

export const CANDIDATES_LIMIT = 20;

export const JOB_KINDS = {
  lateBooking: 'booking.late',
  lateCaptain: 'booking.late_captain',
  besoinExpire: 'booking.besoin_expire',
} as const;

export type Actor = Pick<RequestUser, 'id' | 'roles' | 'permissions'>;

export interface Candidate {
  captain: CaptainRefDto;
  car: CarDto | null;
  distance_m: number;
  eta_s: number;
  online: boolean;
}

export type { BookingLogDto } from '@taxi/shared';

export function ruleInput(b: BookingRow): BookingRuleInput {
  return {
    status: b.status as BookingStatus,
    now: b.now,
    besoin: b.besoin,
    origin: b.origin as BookingRuleInput['origin'],
    datetime: b.datetime.toISOString(),
    created_at: b.createdAt.toISOString(),
    service_id: b.serviceId,
  };
}

/** The fields of an order an audit row records on an edit. */
export function orderSnapshot(b: BookingRow) {
  return {
    service_id: b.serviceId,
    passenger_id: b.passengerId,
    datetime: b.datetime.toISOString(),
    now: b.now,
    seats: b.seats,
    pickup: b.pickUpLocationName,
    dropoff: b.pullDownLocationName,
    voucher_id: b.voucherId,
  };
}
