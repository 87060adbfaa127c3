import type { FareQuoteInput } from '@taxi/shared';

export const fareKeys = {
  all: ['fares'] as const,
  quote: (input: FareQuoteInput) => ['fares', 'quote', input] as const,
  booking: (id: number) => ['fares', 'booking', id] as const,
  rules: ['fares', 'rules'] as const,
  rule: (id: number) => ['fares', 'rule', id] as const,
  tariffs: (serviceId: number) => ['fares', 'tariffs', serviceId] as const,
};
