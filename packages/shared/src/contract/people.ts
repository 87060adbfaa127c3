import { z } from 'zod';
import { ACCOUNT_ENTRY_TYPES } from '../constants';
import { ACCOUNT_OWNER_KINDS } from '../ledger';
import { envelope, pageEnvelope, paginated, refSchema } from './envelope';

export const loyaltyClassRefSchema = z.object({ name: z.string() });

/** What a passenger and a captain both are: a person with names and contacts. */
const personFields = {
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  username: z.string().nullable(),
  whatsapp_number: z.string().nullable(),
  email: z.string().nullable(),
  profile_image: z.string().nullable(),
  active: z.boolean(),
  registered: z.boolean(),
};

export const passengerSchema = z
  .object({
    ...personFields,
    phone_number: z.string(),
    created_at: z.string(),
    id_card_front: z.string().nullable(),
    id_card_back: z.string().nullable(),
    approved_at: z.string().nullable(),
    rejected_count: z.number(),
    can_use_vip: z.boolean(),
    active_loyalty_classes: z.array(loyaltyClassRefSchema),
    can_be_approved: z.boolean(),
  })
  .meta({ id: 'Passenger' });

/** Who took a passenger of the approval queue, and until when the claim holds (unless renewed or released). */
export const approvalClaimSchema = z
  .object({
    passenger_id: z.number(),
    user_id: z.number(),
    name: z.string(),
    claimed_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: 'ApprovalClaim' });

/** A passenger's place in the approval queue: the answer of a claim and a release, and Passengers:approval_updated. */
export const approvalStateSchema = z
  .object({ passenger_id: z.number(), waiting: z.boolean(), claim: approvalClaimSchema.nullable() })
  .meta({ id: 'ApprovalState' });

/** A passenger waiting for approval (ID card images sent, not approved, not blocked) and its live claim. */
export const approvalItemSchema = z
  .object({ passenger: passengerSchema, waiting_since: z.string(), claim: approvalClaimSchema.nullable() })
  .meta({ id: 'ApprovalItem' });

/** A captain's car as the people pages show it (the booking DTO has its own smaller car). */
export const captainCarSchema = z
  .object({
    id: z.number(),
    number: z.string(),
    color: z.object({ id: z.number(), name: z.string(), hex: z.string().nullable() }).nullable(),
    brand: refSchema.nullable(),
    model: refSchema.nullable(),
    vehicle_type: z.string(),
    seats: z.number(),
    captain: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  })
  .meta({ id: 'CaptainCar' });

export const captainSchema = z
  .object({
    ...personFields,
    phone_number: z.string().nullable(),
    conversation_id: z.string().nullable(),
    activated_at: z.string().nullable(),
    cash_register: refSchema.nullable(),
    blocked_until: z.string().nullable(),
    block_reason: z.string().nullable(),
    online: z.boolean(),
    created_at: z.string(),
    cars_count: z.number().optional(),
  })
  .meta({ id: 'Captain' });

export const captainSearchItemSchema = z.object({
  id: z.number(),
  full_name: z.string(),
  username: z.string().nullable(),
});

export const accountEntrySchema = z
  .object({
    id: z.number(),
    owner_kind: z.enum(ACCOUNT_OWNER_KINDS),
    owner_id: z.number(),
    type: z.enum(ACCOUNT_ENTRY_TYPES),
    /** Cents, signed: what the entry adds to (or takes from) the balance. */
    amount: z.number().int(),
    booking_id: z.number().nullable(),
    reference: z.string().nullable(),
    note: z.string().nullable(),
    /** The staff member who wrote a manual entry. */
    actor: refSchema.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AccountEntry' });

/** A captain's or a passenger's account: the balance (sum of all entries, cents) and a page of entries. */
export const accountSchema = z
  .object({
    owner_kind: z.enum(ACCOUNT_OWNER_KINDS),
    owner_id: z.number(),
    balance: z.number().int(),
    entries: paginated(accountEntrySchema),
    /** A captain's: where a payout goes (their cash register, their bank account with the IBAN masked). */
    payout: z
      .object({
        cash_register: z.string().nullable(),
        bank_account: z.object({ bank_id: z.number(), bank_name: z.string(), iban: z.string() }).nullable(),
      })
      .optional(),
  })
  .meta({ id: 'Account' });

/** A row of the captain page's bookings tab (GET captain/{id}/bookings). */
export const captainBookingRowSchema = z.object({
  id: z.number(),
  status: z.string(),
  datetime: z.string(),
  pick_up_location_name: z.string(),
  pull_down_location_name: z.string().nullable(),
});

export const monthlyBookingsSchema = z.object({
  /** YYYY-MM */
  month: z.string(),
  bookings: z.number(),
});

export const peopleContract = {
  passengers: pageEnvelope(passengerSchema),
  passenger: envelope(passengerSchema),
  accountEntries: pageEnvelope(accountEntrySchema),
  account: envelope(accountSchema),
  accountEntry: envelope(accountEntrySchema),
  captains: pageEnvelope(captainSchema),
  captainSearch: envelope(z.array(captainSearchItemSchema)),
  captain: envelope(captainSchema),
  cars: envelope(z.array(captainCarSchema)),
  car: envelope(captainCarSchema),
  captainBookings: pageEnvelope(captainBookingRowSchema),
  monthlyBookings: envelope(z.array(monthlyBookingsSchema)),
  /** The approval queue (the newest first, up to APPROVAL_QUEUE_LIMIT) and how many wait in all. */
  approvals: envelope(z.object({ passengers: z.array(approvalItemSchema), total: z.number() })),
  /** A claim and a release answer the same: the passenger's place in the queue after it. */
  approvalState: envelope(approvalStateSchema),
};
