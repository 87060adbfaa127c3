import { z } from 'zod';
import { texts } from '../../i18n';
import { dbId } from '../../validation';
import { defineResource } from '../define';
import { optionalCityDay, optionalFilter } from '../filters';

/** What the server answers about lost items (ours: the spec names the routes and their permission). */
export const LOST_FOUND_MSG = texts({
  statusNotAllowed: 'This status change is not allowed',
  bookingNotFound: 'This booking does not exist',
  captainNotFound: 'This captain does not exist',
  passengerNotFound: 'This passenger does not exist',
} as const);

/** found → contacted → returned, or disposed; returned and disposed are final. */
export const LOST_ITEM_STATUSES = ['found', 'contacted', 'returned', 'disposed'] as const;
export type LostItemStatus = (typeof LOST_ITEM_STATUSES)[number];

export const LOST_ITEM_NEXT: Readonly<Record<LostItemStatus, readonly LostItemStatus[]>> = {
  found: ['contacted', 'returned', 'disposed'],
  contacted: ['returned', 'disposed'],
  returned: [],
  disposed: [],
};

/** May an item go from one status to another (staying is always allowed). */
export const lostItemMayMove = (from: LostItemStatus, to: LostItemStatus): boolean =>
  from === to || LOST_ITEM_NEXT[from].includes(to);

export const LOST_ITEM_CATEGORIES = ['phone', 'bag', 'wallet', 'keys', 'documents', 'clothing', 'other'] as const;

const STATUS_OPTIONS = [
  { value: 'found', label: 'Found' },
  { value: 'contacted', label: 'Owner contacted' },
  { value: 'returned', label: 'Returned' },
  { value: 'disposed', label: 'Disposed' },
] as const;

const CATEGORY_OPTIONS = [
  { value: 'phone', label: 'Phone' },
  { value: 'bag', label: 'Bag' },
  { value: 'wallet', label: 'Wallet' },
  { value: 'keys', label: 'Keys' },
  { value: 'documents', label: 'Documents' },
  { value: 'clothing', label: 'Clothing' },
  { value: 'other', label: 'Other' },
] as const;

const day = optionalCityDay();
const optionalId = optionalFilter(dbId());

/**
 * The list's filters besides the text search: status, booking, captain, passenger and found dates (city
 * days; the server refuses an end before the start).
 */
export const lostAndFoundFilters = z.object({
  status: optionalFilter(z.enum(LOST_ITEM_STATUSES)),
  booking_id: optionalId,
  captain_id: optionalId,
  passenger_id: optionalId,
  from_date: day,
  to_date: day,
});
export type LostAndFoundFilters = z.infer<typeof lostAndFoundFilters>;

/**
 * Items left in cars (/lost_and_found, LOST_AND_FOUND). A linked booking fills the captain and the
 * passenger (lost-and-found.server.ts); every change is written to the audit log by the catalogue service.
 */
export const lostAndFoundResource = defineResource({
  key: 'lost_and_found',
  url: 'lost_and_found',
  title: 'Lost and found',
  route: 'lost_and_found',
  createRoute: 'LostAndFoundStore',
  itemRoute: 'LostAndFoundEdit',
  permission: 'LOST_AND_FOUND',
  table: 'lostItems',
  defaultSort: 'found_at',
  filters: lostAndFoundFilters,
  fields: [
    { name: 'description', label: 'Description', type: 'text', required: true, max: 500, searchable: true },
    { name: 'category', label: 'Category', type: 'select', required: true, options: CATEGORY_OPTIONS, sortable: true },
    { name: 'found_at', label: 'Found on', type: 'datetime', required: true, sortable: true },
    { name: 'kept_at', label: 'Where it is kept', type: 'text', max: 200, searchable: true },
    { name: 'booking_id', label: 'Booking', type: 'reference', reference: { url: 'booking', labelField: 'id' } },
    {
      name: 'captain_id',
      label: 'Captain',
      type: 'reference',
      reference: { url: 'captain/search', labelField: 'full_name' },
    },
    {
      name: 'passenger_id',
      label: 'Passenger',
      type: 'reference',
      reference: { url: 'passenger', labelField: 'full_name' },
    },
    {
      name: 'status',
      label: 'Status',
      type: 'select',
      options: STATUS_OPTIONS,
      default: 'found',
      sortable: true,
      form: 'edit',
    },
    { name: 'notes', label: 'Notes', type: 'textarea', max: 2000, searchable: true },
    { name: 'created_at', label: 'Created at', type: 'datetime', sortable: true, form: 'none', list: false },
  ],
  presented: {
    captain_name: z.string().nullable(),
    passenger_name: z.string().nullable(),
  },
});
export type LostItemStatusOption = (typeof STATUS_OPTIONS)[number];

export default lostAndFoundResource;
