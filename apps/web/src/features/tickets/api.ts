import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type TicketDto, ticketPolicy } from '@taxi/shared';
import type { QueryValue } from '../../api/client';
import { apiData, endpoints } from '../../api/endpoints';
import { usePolicy } from '../auth/currentUser';

export const ticketKeys = {
  all: ['tickets'] as const,
  types: ['tickets', 'types'] as const,
  pending: ['tickets', 'pending'] as const,
  list: (params: Record<string, QueryValue>) => ['tickets', 'list', params] as const,
  one: (id: number) => ['tickets', 'one', id] as const,
};

export function useTicketTypes() {
  return useQuery({
    queryKey: ticketKeys.types,
    queryFn: ({ signal }) => apiData(endpoints.ticketTypes, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The monitoring's page (GET tickets), the previous page kept while the next loads. */
export function useTickets(params: Record<string, QueryValue>) {
  return useQuery({
    queryKey: ticketKeys.list(params),
    queryFn: ({ signal }) => apiData(endpoints.tickets, { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The new-ticket dialog's queue (GET tickets/pending), kept live by the socket events. */
export function usePendingTickets() {
  const allows = usePolicy();
  return useQuery({
    queryKey: ticketKeys.pending,
    queryFn: ({ signal }) => apiData(endpoints.pendingTickets, { signal }),
    enabled: allows(ticketPolicy.take),
  });
}

export function useTicket(id: number) {
  return useQuery({
    queryKey: ticketKeys.one(id),
    queryFn: ({ signal }) => apiData(endpoints.ticket, { params: { id }, signal }),
    enabled: Number.isSafeInteger(id) && id > 0,
    retry: false,
  });
}

type Queue = { tickets: TicketDto[]; total: number };

/** The queue's cache edits: a new ticket joins at its place (oldest first), a dismissed one leaves. */
export function useQueueCache() {
  const client = useQueryClient();
  return {
    add(ticket: TicketDto) {
      client.setQueryData<Queue>(ticketKeys.pending, (queue) => {
        if (!queue) return queue;
        if (queue.tickets.some((x) => x.id === ticket.id)) return queue;
        const tickets = [...queue.tickets, ticket].sort((a, b) => a.id - b.id);
        return { tickets, total: queue.total + 1 };
      });
    },
    remove(id: number) {
      client.setQueryData<Queue>(ticketKeys.pending, (queue) => {
        if (!queue?.tickets.some((x) => x.id === id)) return queue;
        return { tickets: queue.tickets.filter((x) => x.id !== id), total: Math.max(0, queue.total - 1) };
      });
    },
    /** Lists and pages of tickets are refetched (the queue itself is patched). */
    refreshLists() {
      void client.invalidateQueries({
        queryKey: ticketKeys.all,
        predicate: (q) => q.queryKey[1] === 'list' || q.queryKey[1] === 'one',
      });
    },
    refetchQueue() {
      void client.invalidateQueries({ queryKey: ticketKeys.pending });
    },
  };
}
