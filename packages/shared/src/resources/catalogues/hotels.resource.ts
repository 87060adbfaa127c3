import { z } from 'zod';
import { PARTNER_FIELDS } from '../../partners';
import { defineResource } from '../define';

/** Hotels (shell.md §2.2): partners of kind 'hotel' with their address, contacts, billing, services and limit. */
export const hotelsResource = defineResource({
  key: 'hotels',
  url: 'hotels',
  title: 'Hotels',
  route: 'Hotels',
  createRoute: 'HotelsCreate',
  itemRoute: 'HotelsEdit',
  permission: 'ACCOMMODATION',
  pointPicker: true,
  table: 'partners',
  scope: { field: 'kind', equals: 'hotel' },
  fields: PARTNER_FIELDS,
  presented: { service_ids_label: z.string(), users_count: z.number().int() },
});

export default hotelsResource;
