import { z } from 'zod';
import { SEASONS } from '../../constants';
import { texts, tr } from '../../i18n';
import { defineResource } from '../define';

/** What the server answers about seasonal reservation allowances. */
export const RESERVATION_MSG = texts({
  duplicate: 'This season already has an allowance for this captain',
  duplicateDefault: 'This season already has a default allowance',
  wholeNumber: 'Enter a whole number',
  captainNotFound: 'This captain does not exist',
  overAllowance: (captain: string, count: number) =>
    tr('{{captain}} already took {{count}} reservations this season, the most allowed', { captain, count }),
});

/**
 * Seasonal reservations (/seasonal_reservations, SETTINGS; drawer entry
 * seasonal_drivers_reservations_allowance_special_cases): how many scheduled bookings a captain may take in
 * a season (since the season was last switched), cancelled ones aside. A row without a captain is the
 * season's default, a row with one a captain's special case; a season without either has no limit. Checked
 * when a scheduled booking is dispatched (by an operator, or by the AI once the captain accepted).
 */
export const seasonalReservationsResource = defineResource({
  key: 'seasonal_reservations',
  url: 'seasonal_reservations',
  title: 'Seasonal reservations',
  route: 'seasonal_drivers_reservations_allowance_special_cases',
  createRoute: 'SeasonalReservationsStore',
  itemRoute: 'SeasonalReservationsEdit',
  permission: 'SETTINGS',
  table: 'seasonalReservationAllowances',
  defaultSort: 'season',
  fields: [
    {
      name: 'season',
      label: 'Season',
      type: 'select',
      required: true,
      sortable: true,
      options: SEASONS.map((s) => ({ value: s, label: s })),
    },
    {
      name: 'captain_id',
      label: 'Captain',
      type: 'reference',
      reference: { url: 'captain/search', labelField: 'full_name' },
      helper: 'Leave empty for the season default',
    },
    {
      name: 'max_reservations',
      label: 'Max reservations',
      type: 'number',
      required: true,
      min: 0,
      max: 1000,
      sortable: true,
      align: 'right',
    },
  ],
  presented: { captain_name: z.string().nullable() },
});

export default seasonalReservationsResource;
