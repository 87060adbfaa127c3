import { defineResource } from '../define';

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
      name: 'discount_percent',
      label: 'Discount (%)',
      type: 'number',
      required: true,
      min: 1,
      max: 100,
      sortable: true,
      default: 10,
    },
    { name: 'max_uses', label: 'Max uses', type: 'number', min: 1, sortable: true },
    { name: 'expires_at', label: 'Expires at', type: 'datetime', sortable: true },
    { name: 'active', label: 'Active', type: 'boolean', sortable: true, default: true },
    { name: 'created_at', label: 'Created at', type: 'datetime', sortable: true, form: 'none' },
  ],
});

export default vouchersResource;
