import { z } from 'zod';
import { bookingDatetimeSchema, bookingPlaceSchema } from './booking-create';
import { texts, tr } from './i18n';
import { MSG } from './messages';
import { dbId, TEXT_MAX, text } from './validation';

/**
 * The airport desk (shell.md §2.2, §6; bookings.md §3): airport agency staff (roles 11 and 12) file airport
 * requests at airport/create; each becomes a dashboard booking with its airport details, which the
 * dispatchers see with the airport badge and acknowledge with 'Ok we received'.
 */
export const AIRPORT_MSG = texts({
  created: (id: number) => tr('Airport request #{{id}} sent', { id }),
  noAgency: 'Your account is not linked to an airport agency',
  airportCode: 'Three letters, like NCE',
  agencyInactive: 'Your airport agency is not active: it cannot file requests',
  agencyHasUsers: 'This agency still has staff accounts: move them to another agency or delete them first.',
  agencyHasRequests: 'This agency has filed airport requests: deactivate it instead.',
});

/**
 * bookings.md §3: 'Ok we received' is offered while the airport details' last update is still the booking's
 * creation time; the dispatcher's touch moves it on. One rule for the card and the desk's "received".
 */
export function airportReceived(bookingCreatedAt: Date | string, lastUpdate: Date | string): boolean {
  return new Date(lastUpdate).getTime() > new Date(bookingCreatedAt).getTime();
}

/** How often the desk asks for its requests again (the airport roles have no live socket). */
export const AIRPORT_POLL_MS = 15_000;

const bool01 = z
  .union([z.boolean(), z.enum(['true', 'false', '0', '1'])])
  .transform((v) => v === true || v === 'true' || v === '1');
const requiredText = (max?: number) => text(max, MSG.required).min(1, MSG.required);
const optionalText = (max = 255) =>
  text(max)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));
const phone = z
  .string({ error: MSG.required })
  .trim()
  .regex(/^\+?[0-9 ]{6,20}$/, MSG.validationFailed);

/** The airport request form (POST airport/requests): the airport details of bookings.md §3 and the trip. */
export const airportRequestSchema = z
  .object({
    agent: requiredText(),
    air_agency_name: optionalText(),
    first_name: requiredText(),
    last_name: text().default(''),
    phone_number: phone,
    whatsapp_number: z
      .union([phone, z.literal('')])
      .optional()
      .nullable()
      .transform((v) => (v ? v : null)),
    riders: z.coerce.number({ error: MSG.required }).int().min(1).max(50),
    bags: z.coerce.number({ error: MSG.required }).int().min(0).max(50),
    pnr: optionalText(20),
    /** bookings.md §3: the country is shown as an airport code. */
    country: z
      .string({ error: MSG.required })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, AIRPORT_MSG.airportCode),
    service_id: dbId(MSG.required),
    pickup: bookingPlaceSchema,
    dropoff: bookingPlaceSchema,
    now: bool01.default(true),
    datetime: bookingDatetimeSchema.optional().nullable(),
    notes: optionalText(TEXT_MAX),
  })
  .superRefine((v, ctx) => {
    if (!v.now && !v.datetime) ctx.addIssue({ code: 'custom', path: ['datetime'], message: MSG.required });
  });
export type AirportRequestInput = z.input<typeof airportRequestSchema>;
export type AirportRequest = z.output<typeof airportRequestSchema>;

/** One request on the desk's list (GET airport/requests): the booking's state as the agency may see it. */
export const airportRequestDtoSchema = z
  .object({
    id: z.number(),
    status: z.string(),
    datetime: z.string(),
    now: z.boolean(),
    created_at: z.string(),
    pick_up_location_name: z.string(),
    pull_down_location_name: z.string().nullable(),
    service_name: z.string(),
    agent: z.string().nullable(),
    first_name: z.string().nullable(),
    last_name: z.string().nullable(),
    phone_number: z.string().nullable(),
    riders: z.number().nullable(),
    bags: z.number().nullable(),
    pnr: z.string().nullable(),
    country: z.string().nullable(),
    estimated_price: z.number().nullable(),
    /** The dispatchers said 'Ok we received'. */
    received: z.boolean(),
    /** Who of the agency filed it. */
    creator_id: z.number().nullable(),
    creator_name: z.string().nullable(),
  })
  .meta({ id: 'AirportRequest' });
export type AirportRequestDto = z.infer<typeof airportRequestDtoSchema>;

/** What the object-level rule reads of a request. */
export interface AirportRequestSubject {
  agency_id: number | null;
  creator_id: number | null;
}
