import { defineResource, uniqueNameField } from './define';

export const colorsResource = defineResource({
  key: 'colors',
  url: 'colors',
  title: 'Colors',
  route: 'Colors',
  permission: 'TYPES',
  readPermission: null,
  fields: [uniqueNameField(40), { name: 'hex', label: 'Colour', type: 'color', default: '#000000' }],
});

export const nationalitiesResource = defineResource({
  key: 'nationalities',
  url: 'nationalities',
  title: 'Nationalities',
  route: 'Nationalities',
  permission: 'TYPES',
  readPermission: null,
  fields: [
    uniqueNameField(60),
    {
      name: 'code',
      label: 'ISO code',
      type: 'text',
      required: true,
      min: 2,
      max: 2,
      sortable: true,
      searchable: true,
      unique: true,
    },
  ],
});

export const banksResource = defineResource({
  key: 'banks',
  url: 'banks',
  title: 'Banks',
  route: 'Banks',
  permission: 'SETTINGS',
  readPermission: null,
  fields: [
    uniqueNameField(80),
    { name: 'swift', label: 'SWIFT/BIC', type: 'text', min: 8, max: 11, searchable: true },
    { name: 'country', label: 'Country', type: 'text', max: 60, sortable: true, searchable: true },
  ],
});

export const RATING_CAUSE_TARGETS = [
  { value: 'captain', label: 'Captain' },
  { value: 'passenger', label: 'Passenger' },
] as const;

export const ratingCausesResource = defineResource({
  key: 'rating_causes',
  url: 'rating_causes',
  title: 'Rating causes',
  route: 'RatingCauses',
  permission: 'SETTINGS',
  readPermission: null,
  fields: [
    { name: 'name', label: 'Cause', type: 'text', required: true, max: 120, sortable: true, searchable: true },
    {
      name: 'target',
      label: 'Rated person',
      type: 'select',
      required: true,
      options: RATING_CAUSE_TARGETS,
      sortable: true,
    },
  ],
});

export const captainCancellationReasonsResource = defineResource({
  key: 'captain_cancellation_reasons',
  url: 'captain_cancellation_reasons',
  title: 'Captain cancellation reasons',
  route: 'CaptainCancellationReasons',
  permission: 'DISPATCHING',
  readPermission: null,
  fields: [{ name: 'text', label: 'Reason', type: 'text', required: true, max: 200, sortable: true, searchable: true }],
});

export const changeCaptainReasonsResource = defineResource({
  key: 'change_captain_reasons',
  url: 'change_captain_reasons',
  title: 'Change captain reasons',
  route: 'ChangeCaptainReasons',
  permission: 'DISPATCHING',
  readPermission: null,
  fields: [{ name: 'text', label: 'Reason', type: 'text', required: true, max: 200, sortable: true, searchable: true }],
});

/** No page: the captain activation dialog loads `GET cash_registers`. */
export const cashRegistersResource = defineResource({
  key: 'cash_registers',
  url: 'cash_registers',
  title: 'Cash registers',
  route: null,
  permission: 'SETTINGS',
  readPermission: null,
  fields: [uniqueNameField(60)],
});

export const vouchersResource = defineResource({
  key: 'vouchers',
  url: 'voucher',
  title: 'Vouchers',
  route: 'Vouchers',
  createRoute: 'VouchersAdd',
  itemRoute: 'Voucher',
  permission: 'PRICE_RULES',
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
