import { holds, mayChange, rule } from './core';

/** Which vehicle types serve a service and where it runs: set by those who set its prices. */
export const fleetPolicy = {
  read: rule('fleet.read', (a) => holds(a, 'PRICE_RULES')),
  write: rule('fleet.write', (a) => mayChange(a, 'PRICE_RULES')),
} as const;
