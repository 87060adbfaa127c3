import { type BookingDto, STATUS_GROUPS, type StatusGroup } from '@taxi/shared';
import type { QueryValue } from '../../api/client';

export interface BoardFilters {
  group: StatusGroup;
  search: string;
  service_id: number | '';
  origin: string;
}

export const bookingKeys = {
  all: ['bookings'] as const,
  boards: ['bookings', 'board'] as const,
  board: (filters: BoardFilters) => ['bookings', 'board', filters] as const,
  detail: (id: number) => ['bookings', 'detail', id] as const,
  list: (params: Record<string, QueryValue>) => ['bookings', 'list', params] as const,
  search: (params: Record<string, QueryValue>) => ['bookings', 'search', params] as const,
  logs: (id: number) => ['bookings', 'logs', id] as const,
  candidates: (id: number) => ['bookings', 'candidates', id] as const,
  ranking: (id: number) => ['bookings', 'ranking', id] as const,
  airport: (id: number) => ['bookings', 'airport', id] as const,
  passengerOrders: (id: number, page: number) => ['bookings', 'passenger', id, page] as const,
  reasons: ['bookings', 'cancellation-reasons'] as const,
  services: ['bookings', 'services'] as const,
  sectors: ['bookings', 'sectors'] as const,
};

/** Does a booking belong on a board with these filters? Search filters are the server's to decide. */
export function belongsToBoard(booking: BookingDto, filters: BoardFilters): boolean {
  if (!(STATUS_GROUPS[filters.group] as readonly string[]).includes(booking.status)) return false;
  if (filters.service_id !== '' && booking.service_id !== filters.service_id) return false;
  if (filters.origin && booking.origin !== filters.origin) return false;
  return true;
}
