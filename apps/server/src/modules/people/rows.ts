// Passengers and captains as rows and as the API shows them (presenters), and their audit rows.
import type { CaptainDto, NewPassengerPayload, PassengerDto } from '@taxi/shared';
import type { DbOrTx } from '../../db/client';
import { auditLog, type captains, type passengers } from '../../db/schema';
import type { UploadedFile } from '../../http/multipart';

export type PassengerRow = typeof passengers.$inferSelect;
export type CaptainRow = typeof captains.$inferSelect;

export type PageOpts = { page: number; perPage: number; url?: string; descending?: boolean };

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** What a passenger and a captain both show: names, contacts, picture, state. */
function presentPerson(row: PassengerRow | CaptainRow) {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    full_name: `${row.firstName} ${row.lastName}`.trim(),
    username: row.username,
    email: row.email,
    whatsapp_number: row.whatsappNumber,
    profile_image: row.profileImage,
    active: row.active,
    registered: row.registered,
  };
}

export function presentPassenger(row: PassengerRow): PassengerDto {
  return {
    ...presentPerson(row),
    phone_number: row.phoneNumber,
    created_at: row.createdAt.toISOString(),
    id_card_front: row.idCardFront,
    id_card_back: row.idCardBack,
    approved_at: iso(row.approvedAt),
    rejected_count: row.rejectedCount,
    can_use_vip: row.canUseVip,
    active_loyalty_classes: row.activeLoyaltyClasses.map((name) => ({ name })),
    can_be_approved: !row.approvalBlocked,
  };
}

export function presentCaptain(row: CaptainRow, cashRegister?: { id: number; name: string } | null): CaptainDto {
  return {
    ...presentPerson(row),
    phone_number: row.phoneNumber,
    conversation_id: row.conversationId,
    activated_at: iso(row.activatedAt),
    cash_register: cashRegister ?? null,
    blocked_until: iso(row.blockedUntil),
    block_reason: row.blockReason,
    online: row.online,
    created_at: row.createdAt.toISOString(),
  };
}

export const newPassengerPayload = (p: PassengerDto): NewPassengerPayload => ({
  passenger: {
    id: p.id,
    full_name: p.full_name,
    first_name: p.first_name,
    last_name: p.last_name,
    whatsapp_number: p.whatsapp_number,
    phone_number: p.phone_number,
    id_card_front: p.id_card_front,
    id_card_back: p.id_card_back,
  },
});

export interface PassengerUpdate {
  first_name: string;
  last_name: string;
  whatsapp_number: string;
  id_card_front?: UploadedFile;
  id_card_back?: UploadedFile;
}

/** What the passenger app (or the simulator playing it) sends when a passenger signs up or uploads docs. */
export interface PassengerRegistration {
  passengerId?: number;
  first_name: string;
  last_name: string;
  phone_number: string;
  email?: string | null;
  whatsapp_number?: string | null;
  id_card_front?: UploadedFile;
  id_card_back?: UploadedFile;
}

/** The audit row of a change to a passenger or a captain (in the change's transaction). */
export function auditPerson(
  tx: DbOrTx,
  actorId: number | null,
  action: string,
  entity: string,
  id: number,
  after?: unknown,
) {
  return tx.insert(auditLog).values({ actorId, action, entity, entityId: String(id), after: after ?? null });
}
