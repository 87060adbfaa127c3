import { z } from 'zod';
import { partnerUserFields } from '../../partners';
import { defineResource } from '../define';
import { DESK_ACCOUNT_PRESENTED, deskAccountRules } from '../desk-accounts';

/** Company users: staff accounts of one company each (partner role, their own partner's bookings only). */
export const companyUsersResource = defineResource({
  key: 'company_users',
  url: 'company_users',
  title: 'Company users',
  route: 'CompanyUsers',
  permission: 'ACCOMMODATION',
  table: 'users',
  scope: { field: 'partner_kind', equals: 'company' },
  fields: partnerUserFields('companies'),
  presented: { partner_id_label: z.string(), ...DESK_ACCOUNT_PRESENTED },
  ...deskAccountRules('partner'),
});

export default companyUsersResource;
