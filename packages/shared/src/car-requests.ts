import { z } from 'zod';
import { texts } from './i18n';
import { MSG } from './messages';
import { PEOPLE_MSG } from './people';
import { RESOURCE_MSG } from './resources/messages';
import { dbId, text } from './validation';

/**
 * Car requests (/car_requests): a captain asks to add a car or to change one of theirs; staff approve
 * (the car is created or changed) or refuse with a reason; the captain is told in their app's inbox.
 */

export const CAR_REQUEST_KINDS = ['add', 'change'] as const;
export type CarRequestKind = (typeof CAR_REQUEST_KINDS)[number];

export const CAR_REQUEST_STATUSES = ['pending', 'approved', 'refused'] as const;
export type CarRequestStatus = (typeof CAR_REQUEST_STATUSES)[number];

export const CAR_YEAR_MIN = 1980;
/** The schema's bound; the server also refuses a year after next year by its clock. */
export const CAR_YEAR_MAX = 2100;
export const PLATE_MAX = 20;
export const REFUSAL_MAX = 500;

export const CAR_REQUEST_MSG = texts({
  carRequired: 'Choose the car to change',
  notTheirCar: 'This car is not the captain’s',
  invalidYear: 'Enter a valid year',
  invalidPlate: 'Enter a plate number of letters, digits and dashes',
  notPending: 'This request has already been decided',
  approved: 'Request approved',
  refused: 'Request refused',
  filed: 'Request filed',
  unknownCaptain: 'This captain does not exist',
  reasonRequired: 'Give the reason of the refusal',
  /** What the captain reads in their app. */
  approvedNotice: 'Your car request has been approved.',
  refusedNotice: 'Your car request has been refused.',
});

export const CAR_REQUEST_LABELS = texts({
  kinds: { add: 'Add a car', change: 'Change a car' },
  statuses: { pending: 'Pending', approved: 'Approved', refused: 'Refused' },
});

/** What a captain's app files (the dev loopback takes the same body with the captain's id). */
export const carRequestInputSchema = z
  .object({
    kind: z.enum(CAR_REQUEST_KINDS, { error: RESOURCE_MSG.invalidOption }),
    car_id: dbId(CAR_REQUEST_MSG.carRequired).nullable().optional(),
    car_model_id: dbId(PEOPLE_MSG.unknownCarModel),
    color_id: dbId(PEOPLE_MSG.unknownColor),
    number: text(PLATE_MAX, MSG.required)
      .min(1, MSG.required)
      .transform((v) => v.toUpperCase())
      .refine((v) => /^[A-Z0-9][A-Z0-9 -]*$/.test(v), CAR_REQUEST_MSG.invalidPlate),
    year: z
      .number({ error: CAR_REQUEST_MSG.invalidYear })
      .int(CAR_REQUEST_MSG.invalidYear)
      .min(CAR_YEAR_MIN, CAR_REQUEST_MSG.invalidYear)
      .max(CAR_YEAR_MAX, CAR_REQUEST_MSG.invalidYear),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'change' && !v.car_id)
      ctx.addIssue({ code: 'custom', path: ['car_id'], message: CAR_REQUEST_MSG.carRequired });
  });
export type CarRequestInput = z.input<typeof carRequestInputSchema>;
export type CarRequestData = z.output<typeof carRequestInputSchema>;

export const carRequestRefuseSchema = z.object({
  reason: text(REFUSAL_MAX, CAR_REQUEST_MSG.reasonRequired).min(1, CAR_REQUEST_MSG.reasonRequired),
});
export type CarRequestRefuseInput = z.input<typeof carRequestRefuseSchema>;
