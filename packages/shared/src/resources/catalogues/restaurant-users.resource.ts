import { z } from 'zod';
import { partnerUserFields } from '../../partners';
import { defineResource } from '../define';
import { DESK_ACCOUNT_PRESENTED, deskAccountRules } from '../desk-accounts';

/** Restaurants users: staff accounts of one restaurant each (partner role, their own partner's bookings only). */
export const restaurantUsersResource = defineResource({
  key: 'restaurant_users',
  url: 'restaurant_users',
  title: 'Restaurants users',
  route: 'RestaurantsUsers',
  permission: 'ACCOMMODATION',
  table: 'users',
  scope: { field: 'partner_kind', equals: 'restaurant' },
  fields: partnerUserFields('restaurants'),
  presented: { partner_id_label: z.string(), ...DESK_ACCOUNT_PRESENTED },
  ...deskAccountRules('partner'),
});

export default restaurantUsersResource;
