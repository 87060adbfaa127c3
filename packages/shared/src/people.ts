import { z } from 'zod';
import type {
  accountEntrySchema,
  accountSchema,
  approvalClaimSchema,
  approvalItemSchema,
  approvalStateSchema,
  captainBookingRowSchema,
  captainCarSchema,
  captainSchema,
  captainSearchItemSchema,
  loyaltyClassRefSchema,
  monthlyBookingsSchema,
  passengerSchema,
} from './contract/people';
import { texts, tr } from './i18n';
import { DB_ID_MAX, dbId, NAME_MAX, TEXT_MAX, text } from './validation';

/** Texts of passengers and captains (people.md §2, §5, §8). Keep the spec's spelling. */
export const PEOPLE_MSG = texts({
  // people.md §5 / §8
  fieldRequired: 'Field is required',
  requiredField: 'Required field',
  fileRequired: 'File is required',
  chooseCashRegister: 'Choose cash register please',
  activationCompleted: 'Activation completed successfully',
  withDocs: 'With Docs',
  withoutDocs: 'Without Docs',
  approvePassenger: 'Approve Passenger',
  personalInfo: 'Personal Info',
  finish: 'Finish',
  noClass: 'NO CLASS',
  // ours (the spec leaves them open)
  whatsappLabel: 'WhatsApp number (with country code, e.g. +377…)',
  imagesOnly: 'Only JPEG, PNG or WebP images are accepted.',
  fileNeedsExtension: 'The file name must have an extension (for example .jpg).',
  fileTooLarge: (mb: number) => tr('The file is too large (maximum {{mb}} MB).', { mb }),
  imageTooManyPixels: (megapixels: number) =>
    tr('The image has too many pixels (maximum {{megapixels}} megapixels); send a smaller photo or scan.', {
      megapixels,
    }),
  passengerSaved: 'Passenger saved',
  passengerApproved: 'Passenger approved',
  passengerNotApprovable: 'This passenger cannot be approved (under legal age).',
  documentsRemoved: 'Documents removed',
  removeDocuments: 'Remove documents',
  removalReason: 'Reason',
  newPassengerAlert: (name: string, docs: string) => tr('New passenger {{name}}: {{docs}}', { name, docs }),
  captainCreated: 'Driver created',
  carCreated: 'Car created',
  captainBlocked: 'Driver blocked',
  captainUnblocked: 'Driver unblocked',
  blockUntilInPast: 'The end of the punishment must be in the future.',
  alreadyActive: 'Already active.',
  usernameTaken: 'This username is already taken.',
  phoneTaken: 'This phone number is already used.',
  invalidPhone: 'Enter a phone number with its country code, e.g. +37761234567.',
  unknownCashRegister: 'Unknown cash register.',
  unknownColor: 'Unknown color.',
  unknownCarModel: 'Unknown car model.',
  noBookings: 'No bookings yet',
  notAvailableYet: (what: string) => tr('{{what}} is not available on this server yet.', { what }),
} as const);

/**
 * The queue of new passengers to approve (ours: the spec's wizard opened by itself on every console; here it waits
 * in a queue, and an operator claims one to open the wizard). A claim lasts this long unless renewed (the open
 * wizard renews it) or released (the wizard closed without a decision).
 */
export const PASSENGER_CLAIM_MINUTES = 10;
/** The open wizard renews its claim this often. */
export const PASSENGER_CLAIM_RENEW_MS = 3 * 60_000;
/** The queue lists this many (the newest first); the badge counts them all. */
export const APPROVAL_QUEUE_LIMIT = 100;

export const APPROVAL_MSG = texts({
  title: 'Passengers to approve',
  badge: (count: number | string) => tr('Passengers to approve: {{count}}', { count }),
  empty: 'No new passenger waits for approval.',
  waitingSince: 'Waiting since',
  documents: 'Documents',
  status: 'Status',
  claim: 'Confirm',
  resume: 'Continue',
  free: 'Waiting',
  takenBy: (name: string) => tr('Taken by {{name}}', { name }),
  takenByYou: 'Taken by you',
  takenSince: (time: string) => tr('since {{time}}', { time }),
  claimed: 'The passenger is yours to confirm',
  released: 'Released: the passenger waits in the queue again',
  alreadyTaken: (name: string) => tr('{{name}} is already confirming this passenger', { name }),
  notWaiting: 'This passenger no longer waits for approval',
  newPassengerNotice: (name: string, docs: string) =>
    tr('New passenger {{name}} ({{docs}}) waits for approval', { name, docs }),
  openQueue: 'Open the queue',
} as const);

/**
 * The six document removal reasons, shown and sent in Arabic (people.md §5). `noApproval` marks the one
 * after which the passenger can no longer be approved (under legal age → query no_approval=true).
 */
export const DOCUMENT_REMOVAL_REASONS = [
  { key: 'under_legal_age', message: 'العمر أقل من السن القانونية', english: 'Under legal age', noApproval: true },
  { key: 'expired_document', message: 'الوثيقة منتهية الصلاحية', english: 'Expired document', noApproval: false },
  {
    key: 'one_side_only',
    message: 'تم رفع وجه واحد فقط من الوثيقة',
    english: 'Only one side uploaded',
    noApproval: false,
  },
  { key: 'one_side_unclear', message: 'أحد وجهي الوثيقة غير واضح', english: 'One side unclear', noApproval: false },
  {
    key: 'name_mismatch',
    message: 'اسم الحساب لا يطابق الاسم الموجود في الوثيقة',
    english: 'Account name does not match document name',
    noApproval: false,
  },
  { key: 'wrong_photos', message: 'صور الهوية غير صحيحة', english: 'Wrong identity photos', noApproval: false },
] as const;
export type DocumentRemovalReason = (typeof DOCUMENT_REMOVAL_REASONS)[number];
export const DOCUMENT_REMOVAL_MESSAGES = DOCUMENT_REMOVAL_REASONS.map((r) => r.message) as unknown as readonly [
  string,
  ...string[],
];
export const isUnderAgeReason = (message: string) =>
  DOCUMENT_REMOVAL_REASONS.some((r) => r.noApproval && r.message === message);

// LOYALTY_CLASSES, APPEARANCE_CONSTRAINTS and DEFAULT_APPEARANCE_CONSTRAINT live in bookings.ts.

/** The demo's vehicle types; the catalogue (/VehicleTypesManagement) is the list a car's type is checked against. */
/** The passengers list's and CSV's sort keys (`sortBy`): any other is refused (422). */
export const PASSENGER_SORT_KEYS = ['id', 'first_name', 'last_name', 'created_at', 'approved_at'] as const;
export type PassengerSortKey = (typeof PASSENGER_SORT_KEYS)[number];
/** The captains lists' (all, blocked) and CSV's sort keys (`sortBy`): any other is refused (422). */
export const CAPTAIN_SORT_KEYS = ['id', 'first_name', 'last_name', 'created_at', 'blocked_until'] as const;
export type CaptainSortKey = (typeof CAPTAIN_SORT_KEYS)[number];

export const VEHICLE_TYPES = ['sedan', 'van', 'minibus', 'luxury'] as const;

/** ID card images: content-checked types and the per-file limit. */
export const ID_CARD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ID_CARD_MAX_BYTES = 5 * 1024 * 1024;
/** The image picker accepts only names with an extension (people.md §2). */
export const hasFileExtension = (name: string) => /\.[A-Za-z0-9]{1,8}$/.test(name);

/** Passenger confirmation, step 1 (people.md §5). Files are checked separately ('File is required'). */
export const passengerConfirmationSchema = z.object({
  first_name: text(NAME_MAX, PEOPLE_MSG.fieldRequired).min(1, PEOPLE_MSG.fieldRequired),
  last_name: text(NAME_MAX, PEOPLE_MSG.fieldRequired).min(1, PEOPLE_MSG.fieldRequired),
  whatsapp_number: text(NAME_MAX, PEOPLE_MSG.requiredField).min(1, PEOPLE_MSG.requiredField),
});
export type PassengerConfirmationInput = z.infer<typeof passengerConfirmationSchema>;

export const removeDocumentsSchema = z.object({
  message: z.enum(DOCUMENT_REMOVAL_MESSAGES, { error: PEOPLE_MSG.fieldRequired }),
});

export const captainActivationSchema = z.object({
  cash_register_id: z.coerce
    .number({ error: PEOPLE_MSG.chooseCashRegister })
    .int(PEOPLE_MSG.chooseCashRegister)
    .positive(PEOPLE_MSG.chooseCashRegister)
    .max(DB_ID_MAX, PEOPLE_MSG.chooseCashRegister),
});

const phone = z
  .string({ error: PEOPLE_MSG.requiredField })
  .trim()
  .regex(/^\+?[0-9 ]{6,20}$/, PEOPLE_MSG.invalidPhone);

export const createCaptainSchema = z.object({
  first_name: text(NAME_MAX, PEOPLE_MSG.fieldRequired).min(1, PEOPLE_MSG.fieldRequired),
  last_name: text(NAME_MAX, PEOPLE_MSG.fieldRequired).min(1, PEOPLE_MSG.fieldRequired),
  username: text(NAME_MAX, PEOPLE_MSG.fieldRequired).min(3, PEOPLE_MSG.fieldRequired),
  phone_number: phone,
  whatsapp_number: text().optional(),
  email: text()
    .optional()
    .refine((v) => !v || v.includes('@'), 'Please enter a valid email'),
});
export type CreateCaptainInput = z.infer<typeof createCaptainSchema>;

export const createCarSchema = z.object({
  number: text(NAME_MAX, PEOPLE_MSG.fieldRequired).min(1, PEOPLE_MSG.fieldRequired),
  color_id: dbId(PEOPLE_MSG.fieldRequired),
  car_model_id: dbId(PEOPLE_MSG.fieldRequired),
  /** A name of the vehicle types catalogue (/VehicleTypesManagement), checked by the server. */
  vehicle_type: text(40, PEOPLE_MSG.fieldRequired).min(1, PEOPLE_MSG.fieldRequired),
  seats: z.coerce.number({ error: PEOPLE_MSG.fieldRequired }).int().min(1).max(60),
});
export type CreateCarInput = z.infer<typeof createCarSchema>;

export const blockCaptainSchema = z.object({
  until: z.coerce.date({ error: PEOPLE_MSG.fieldRequired }),
  reason: text(TEXT_MAX, PEOPLE_MSG.fieldRequired).min(1, PEOPLE_MSG.fieldRequired),
});

// DTOs ---------------------------------------------------------------------------------------------

export type LoyaltyClassRef = z.infer<typeof loyaltyClassRefSchema>;

export type PassengerDto = z.infer<typeof passengerSchema>;

/** A captain's car as the people pages show it (the booking DTO has its own smaller CarDto). */
export type CaptainCarDto = z.infer<typeof captainCarSchema>;

export type CaptainDto = z.infer<typeof captainSchema>;

export type CaptainSearchItem = z.infer<typeof captainSearchItemSchema>;

export type AccountEntryDto = z.infer<typeof accountEntrySchema>;
export type AccountDto = z.infer<typeof accountSchema>;

/** A row of the captain page's bookings tab (GET captain/{id}/bookings). */
export type CaptainBookingRow = z.infer<typeof captainBookingRowSchema>;

export type MonthlyBookingsDto = z.infer<typeof monthlyBookingsSchema>;

/** Payload of `Dashboard:new_passenger`. */
export interface NewPassengerPayload {
  passenger: Pick<
    PassengerDto,
    | 'id'
    | 'full_name'
    | 'first_name'
    | 'last_name'
    | 'whatsapp_number'
    | 'phone_number'
    | 'id_card_front'
    | 'id_card_back'
  >;
}

/** A passenger waiting for approval in the queue, with who took them (a live claim) if anyone. */
export type ApprovalItemDto = z.infer<typeof approvalItemSchema>;
export type ApprovalClaimDto = z.infer<typeof approvalClaimSchema>;

/**
 * A passenger's place in the queue — the answer of a claim or a release, and `Passengers:approval_updated`: claimed
 * or released (`claim`), or gone from it (`waiting` false: approved, or documents removed).
 */
export type ApprovalUpdatedPayload = z.infer<typeof approvalStateSchema>;

export const hasIdDocs = (p: Pick<PassengerDto, 'id_card_front' | 'id_card_back'>) =>
  Boolean(p.id_card_front || p.id_card_back);
