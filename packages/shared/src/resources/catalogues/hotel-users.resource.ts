import { z } from 'zod';
import { partnerUserFields } from '../../partners';
import { defineResource } from '../define';
import { DESK_ACCOUNT_PRESENTED, deskAccountRules } from '../desk-accounts';

/** Hotels users: staff accounts of one hotel each (partner role, their own partner's bookings only). */
export const hotelUsersResource = defineResource({
  key: 'hotel_users',
  url: 'hotel_users',
  title: 'Hotels users',
  route: 'HotelsUsers',
  permission: 'ACCOMMODATION',
  table: 'users',
  scope: { field: 'partner_kind', equals: 'hotel' },
  fields: partnerUserFields('hotels'),
  presented: { partner_id_label: z.string(), ...DESK_ACCOUNT_PRESENTED },
  ...deskAccountRules('partner'),
});

export default hotelUsersResource;
