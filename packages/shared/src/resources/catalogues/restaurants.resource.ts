import { z } from 'zod';
import { PARTNER_FIELDS } from '../../partners';
import { defineResource } from '../define';

/** Restaurants (shell.md §2.2): partners of kind 'restaurant' with their address, contacts, billing, services and limit. */
export const restaurantsResource = defineResource({
  key: 'restaurants',
  url: 'restaurants',
  title: 'Restaurants',
  route: 'Restaurants',
  createRoute: 'RestaurantsCreate',
  itemRoute: 'RestaurantsEdit',
  permission: 'ACCOMMODATION',
  pointPicker: true,
  table: 'partners',
  scope: { field: 'kind', equals: 'restaurant' },
  fields: PARTNER_FIELDS,
  presented: { service_ids_label: z.string(), users_count: z.number().int() },
});

export default restaurantsResource;
