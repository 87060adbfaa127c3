import { z } from 'zod';
import { dataReference, defineResource } from '../define';

/** Discount kinds: a percentage of the fare, or a fixed amount in cents. */
export const VOUCHER_KINDS = [
  { value: 'percent', label: 'Percent' },
  { value: 'fixed', label: 'Fixed amount (cents)' },
] as const;

export const vouchersResource = defineResource({
  key: 'vouchers',
  url: 'voucher',
  title: 'Vouchers',
  route: 'Vouchers',
  createRoute: 'VouchersAdd',
  itemRoute: 'Voucher',
  permission: 'PRICE_RULES',
  table: 'vouchers',
  fields: [
    {
      name: 'code',
      label: 'Code',
      type: 'text',
      required: true,
      min: 3,
      max: 32,
      sortable: true,
      searchable: true,
      unique: true,
    },
    {
      name: 'discount_kind',
      label: 'Discount kind',
      type: 'select',
      default: 'percent',
      options: VOUCHER_KINDS,
    },
    {
      name: 'amount',
      label: 'Amount',
      type: 'number',
      required: true,
      min: 1,
      max: 100_000,
      sortable: true,
      default: 10,
      helper: 'A percentage (1 to 100), or cents for a fixed amount',
      align: 'right',
    },
    { name: 'max_uses', label: 'Max uses', type: 'number', min: 1, sortable: true },
    { name: 'max_uses_per_passenger', label: 'Max uses per passenger', type: 'number', min: 1, sortable: true },
    { name: 'valid_from', label: 'Valid from', type: 'datetime', sortable: true },
    { name: 'expires_at', label: 'Valid to', type: 'datetime', sortable: true },
    {
      name: 'service_ids',
      label: 'Services',
      type: 'multireference',
      reference: dataReference('service', { perPage: 100 }),
      helper: 'None: every service',
    },
    { name: 'active', label: 'Active', type: 'boolean', sortable: true, default: true },
    { name: 'created_at', label: 'Created at', type: 'datetime', sortable: true, form: 'none' },
  ],
  presented: { uses: z.number().int(), service_ids_label: z.string() },
});

export default vouchersResource;
