import { z } from 'zod';
import { bookingDatetimeSchema, bookingPlaceSchema } from './booking-create';
import { texts, tr } from './i18n';
import { MSG } from './messages';
import { PARTNER_KINDS, type PartnerKind } from './partner-roles';
import { ACCOUNT_FIELDS } from './resources/account-fields';
import type { FieldDef } from './resources/define';
import { dbId, TEXT_MAX, text } from './validation';

// The kinds and their roles live without schemas: the access rules read them on every page, /login included.
export { PARTNER_KINDS, PARTNER_ROLE_IDS, PARTNER_ROLES, type PartnerKind } from './partner-roles';

export const PARTNER_BILLING = [
  { value: 'monthly', label: 'Monthly invoice' },
  { value: 'per_ride', label: 'Per ride' },
] as const;

export const PARTNER_MSG = texts({
  tooManyBookings: (max: number) => tr('This partner already holds {{max}} active bookings, its limit', { max }),
  notThisKind: 'Pick a partner of this list',
  serviceNotAllowed: 'This partner may not book this service',
  partnerInactive: 'This partner is not active',
  noPickup: 'Pick the pickup: the partner has no address on the map',
  noPartner: 'Your account is not linked to a hotel, restaurant or company',
  created: (id: number) => tr('Booking #{{id}} made for your guest', { id }),
});

/** A partner's kind as a person reads it (the phone booking's partner picker, the booking card). */
export const PARTNER_KIND_LABELS = texts({
  hotel: 'Hotel',
  restaurant: 'Restaurant',
  company: 'Company',
} as const satisfies Record<PartnerKind, string>);

/** The staff phone booking's partner picker and the booking card. */
export const PARTNER_UI = texts({
  partner: 'Partner',
  partnerHelper: 'Optional: the partner the ride is booked for (its limit and services apply)',
  partnerFixed: 'The partner of an order stays the one it was made for',
  inactive: 'Inactive',
  activeBookings: (n: number, max: number) => tr('{{n}} of {{max}} active bookings', { n, max }),
  offerPickup: (name: string) => tr('Pick up at {{name}}?', { name }),
  usePickup: 'Use as pickup',
  partnerOf: (name: string, kind: string) => tr('{{name}} ({{kind}})', { name, kind }),
  room: (room: string) => tr('room {{room}}', { room }),
});

/** The fields of a partner's page (hotels, restaurants, companies share them). */
export const PARTNER_FIELDS: readonly FieldDef[] = [
  { name: 'name', label: 'Name', type: 'text', required: true, max: 120, sortable: true, searchable: true },
  { name: 'address', label: 'Address', type: 'text', max: 255, searchable: true },
  { name: 'lon', label: 'Longitude', type: 'number', min: -180, max: 180, list: false },
  { name: 'lat', label: 'Latitude', type: 'number', min: -90, max: 90, list: false },
  { name: 'contact_name', label: 'Contact name', type: 'text', max: 120, searchable: true },
  { name: 'contact_phone', label: 'Contact phone', type: 'phone', max: 32 },
  { name: 'contact_email', label: 'Contact email', type: 'email', max: 120 },
  { name: 'billing', label: 'Billing', type: 'select', options: PARTNER_BILLING, default: 'monthly', sortable: true },
  {
    name: 'service_ids',
    label: 'Services',
    type: 'multireference',
    reference: { url: 'service', labelField: 'name', perPage: 100 },
    helper: 'None: every service',
  },
  {
    name: 'max_active_bookings',
    label: 'Max active bookings',
    type: 'number',
    min: 0,
    max: 10_000,
    default: 0,
    helper: '0: no limit',
    sortable: true,
    align: 'right',
  },
  { name: 'active', label: 'Active', type: 'boolean', sortable: true, default: true },
  { name: 'created_at', label: 'Created at', type: 'datetime', sortable: true, form: 'none' },
];

/** The fields of a partner's staff accounts (/hotelsUsers, /restaurantsUsers, company users). */
export function partnerUserFields(partnersUrl: string): readonly FieldDef[] {
  return [
    ...ACCOUNT_FIELDS,
    {
      name: 'partner_id',
      label: 'Partner',
      type: 'reference',
      required: true,
      reference: { url: partnersUrl, labelField: 'name', perPage: 100 },
    },
    { name: 'active', label: 'Active', type: 'boolean', sortable: true, default: true },
    { name: 'created_at', label: 'Created at', type: 'datetime', sortable: true, form: 'none' },
  ];
}

const requiredText = (max?: number) => text(max, MSG.required).min(1, MSG.required);
const optionalText = (max = 255) =>
  text(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const bool01 = z
  .union([z.boolean(), z.enum(['true', 'false', '0', '1'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * A partner books for its guest (POST partner/bookings): the guest, the room number (hotels, bookings.md §3),
 * the trip; the pickup defaults to the partner's own address.
 */
export const partnerBookingSchema = z
  .object({
    first_name: requiredText(),
    last_name: text().default(''),
    phone_number: z
      .string({ error: MSG.required })
      .trim()
      .regex(/^\+?[0-9 ]{6,20}$/, MSG.validationFailed),
    room_number: optionalText(20),
    service_id: dbId(MSG.required),
    pickup: bookingPlaceSchema.optional().nullable(),
    dropoff: bookingPlaceSchema,
    now: bool01.default(true),
    datetime: bookingDatetimeSchema.optional().nullable(),
    seats: z.coerce.number().int().min(1).max(8).default(1),
    notes: optionalText(TEXT_MAX),
  })
  .superRefine((v, ctx) => {
    if (!v.now && !v.datetime) ctx.addIssue({ code: 'custom', path: ['datetime'], message: MSG.required });
  });
export type PartnerBookingInput = z.input<typeof partnerBookingSchema>;
export type PartnerBooking = z.output<typeof partnerBookingSchema>;

/** The partner desk's own partner (GET partner). */
export const partnerSummarySchema = z
  .object({
    id: z.number(),
    kind: z.enum(PARTNER_KINDS),
    name: z.string(),
    address: z.string().nullable(),
    lon: z.number().nullable(),
    lat: z.number().nullable(),
    billing: z.string(),
    service_ids: z.array(z.number()),
    max_active_bookings: z.number(),
    active_bookings: z.number(),
  })
  .meta({ id: 'PartnerSummary' });
export type PartnerSummaryDto = z.infer<typeof partnerSummarySchema>;

/** A partner as the staff phone booking offers it (GET partners): what the picker shows and the pickup it offers. */
export const partnerOptionSchema = z
  .object({
    id: z.number(),
    kind: z.enum(PARTNER_KINDS),
    name: z.string(),
    address: z.string().nullable(),
    lon: z.number().nullable(),
    lat: z.number().nullable(),
    active: z.boolean(),
    max_active_bookings: z.number(),
    active_bookings: z.number(),
  })
  .meta({ id: 'PartnerOption' });
export type PartnerOptionDto = z.infer<typeof partnerOptionSchema>;

/**
 * A partner's own address as a booking's pickup (its name, its address as the details), or null when it has
 * no point on the map: the desk's booking starts there by default, the phone booking offers it.
 */
export function partnerPickup(p: {
  name: string;
  address: string | null;
  lon: number | null;
  lat: number | null;
}): { name: string; details: string | null; lon: number; lat: number; place_id: null } | null {
  if (p.lon === null || p.lat === null) return null;
  return { name: p.name, details: p.address, lon: p.lon, lat: p.lat, place_id: null };
}

/**
 * A guest of the partner (GET partner/passengers, partner/passengers/{id}): the partner's own record of a
 * phone number it booked for — what its desk typed and the count of its own bookings, nothing of the passenger
 * the rides are dispatched for (tenant isolation, SECURITY.md). `id` is the record's, never a passenger's.
 */
export const partnerGuestSchema = z
  .object({
    id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    phone_number: z.string(),
    room_number: z.string().nullable(),
    bookings: z.number(),
    last_booking_at: z.string().nullable(),
  })
  .meta({ id: 'PartnerGuest' });
export type PartnerGuestDto = z.infer<typeof partnerGuestSchema>;

/** What the object-level rules read: the partner a booking was made for, the partner a guest record is of. */
export interface PartnerBookingSubject {
  partner_id: number | null;
}
export interface PartnerGuestSubject {
  partner_id: number;
}
