import type {
  BookingConstraint,
  BookingDto,
  BookingNoteDto,
  BookingOrigin,
  BookingStatus,
  BookingStatusDto,
  CaptainRefDto,
  CarDto,
  PartnerKind,
  PaymentDto,
  PointDto,
} from '@taxi/shared';
import { airportReceived, NOTE_DIVIDER, ON_THE_WAY_STATUSES, PARTNER_KINDS } from '@taxi/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  type bookingNotes,
  bookingStatuses,
  type bookings,
  carBrands,
  carModels,
  cars,
  colors,
  geofenceLogs,
  payments,
} from '../../db/schema';
import { loadPage } from './presenter-queries';

export type BookingRow = typeof bookings.$inferSelect;

const iso = (d: Date | string) => (typeof d === 'string' ? new Date(d).toISOString() : d.toISOString());
const isoOrNull = (d: Date | string | null | undefined) => (d ? iso(d) : null);
const point = (lon: number | null, lat: number | null): PointDto | null =>
  lon === null || lat === null ? null : { type: 'Point', coordinates: [lon, lat] };
const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
const fullName = (first: string, last: string) => `${first} ${last}`.trim();

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/**
 * Dynamic constraints as the card shows them: once a captain has the booking, a catalogue constraint whose
 * capability they do not offer is not met (strike_through), as is one lifted before.
 */
export function markUnmet(
  constraints: readonly BookingConstraint[],
  capabilities: readonly string[] | undefined,
): BookingConstraint[] {
  if (!capabilities) return [...constraints];
  return constraints.map((c) =>
    c.capability !== undefined && !c.strike_through && !capabilities.includes(c.capability)
      ? { ...c, strike_through: true }
      : c,
  );
}

export function presentCaptain(c: {
  id: number;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  conversationId: string | null;
}): CaptainRefDto {
  return {
    id: c.id,
    first_name: c.firstName,
    last_name: c.lastName,
    full_name: fullName(c.firstName, c.lastName),
    phone_number: c.phoneNumber,
    conversation_id: c.conversationId,
  };
}

/** Cars with colour and brand/model, by id (one query). */
export async function loadCars(db: DbOrTx, ids: number[]): Promise<Map<number, CarDto>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: cars.id,
      number: cars.number,
      color: colors.name,
      model: carModels.name,
      brand: carBrands.name,
    })
    .from(cars)
    .leftJoin(colors, eq(colors.id, cars.colorId))
    .leftJoin(carModels, eq(carModels.id, cars.carModelId))
    .leftJoin(carBrands, eq(carBrands.id, carModels.carBrandId))
    .where(inArray(cars.id, ids));
  return new Map(rows.map((r) => [r.id, presentCar(r)]));
}

/** The partner a booking was made for, as the card names it. */
function presentPartner(p: { id: number; kind: string; name: string } | undefined): BookingDto['partner'] {
  return p && isPartnerKind(p.kind) ? { id: p.id, kind: p.kind, name: p.name } : null;
}

const isPartnerKind = (kind: string): kind is PartnerKind => (PARTNER_KINDS as readonly string[]).includes(kind);

/** The card's live offer: a single captain's name, or a group offer's size (no one name to show). */
function activeSuggestion(
  b: Pick<BookingRow, 'suggestionUntil' | 'suggestionGroupSize'>,
  offered: { firstName: string; lastName: string } | undefined,
): BookingDto['active_captain_suggestion'] {
  if (!b.suggestionUntil) return null;
  if (b.suggestionGroupSize)
    return { captain_name: '', until: iso(b.suggestionUntil), captains: b.suggestionGroupSize };
  return offered
    ? { captain_name: fullName(offered.firstName, offered.lastName), until: iso(b.suggestionUntil) }
    : null;
}

export function presentStatus(s: typeof bookingStatuses.$inferSelect): BookingStatusDto {
  return {
    status: s.status as BookingStatus,
    value: s.value,
    created_at: iso(s.createdAt),
    location: point(s.lon, s.lat),
  };
}

export function presentNote(
  n: Pick<typeof bookingNotes.$inferSelect, 'id' | 'note' | 'authorId'> & {
    createdAt: Date | string;
    solvedAt: Date | string | null;
  },
  authorName: string | null,
): BookingNoteDto {
  return {
    id: n.id,
    note: n.note,
    author_id: n.authorId,
    author_name: authorName,
    created_at: iso(n.createdAt),
    solved: n.solvedAt !== null,
  };
}

const presentCar = (c: {
  id: number;
  number: string;
  color: string | null;
  model: string | null;
  brand: string | null;
}): CarDto => ({
  id: c.id,
  number: c.number,
  color: c.color ? { name: c.color } : null,
  brand_model: c.model ? { name: c.model, brand: { name: c.brand ?? '' } } : null,
});

/**
 * Builds BookingDto for a page of bookings with a fixed number of statements whatever the page size
 * (no N+1): passengers, rides with captains and cars, what hangs off each booking, and the lookups,
 * each for the whole page, in parallel. `detail` adds statuses, geofence logs and payments.
 */
export async function presentBookings(
  db: DbOrTx,
  rows: BookingRow[],
  opts: { detail?: boolean } = {},
): Promise<BookingDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((b) => b.id);
  const { passengerRows, rideRows, attachmentRows, lookups, groupSizesBy } = await loadPage(db, rows);

  let statusesBy = new Map<number, BookingStatusDto[]>();
  let geofenceBy = new Map<number, { enter_time: string | null; leave_time: string | null }[]>();
  let paymentsBy = new Map<number, PaymentDto[]>();
  if (opts.detail) {
    const [statusRows, geofenceRows, paymentRows] = await Promise.all([
      db
        .select()
        .from(bookingStatuses)
        .where(inArray(bookingStatuses.bookingId, ids))
        .orderBy(asc(bookingStatuses.createdAt), asc(bookingStatuses.id)),
      db.select().from(geofenceLogs).where(inArray(geofenceLogs.bookingId, ids)).orderBy(asc(geofenceLogs.id)),
      db.select().from(payments).where(inArray(payments.bookingId, ids)).orderBy(asc(payments.id)),
    ]);
    statusesBy = new Map([...groupBy(statusRows, (s) => s.bookingId)].map(([k, v]) => [k, v.map(presentStatus)]));
    geofenceBy = new Map(
      [...groupBy(geofenceRows, (g) => g.bookingId)].map(([k, v]) => [
        k,
        v.map((g) => ({ enter_time: isoOrNull(g.enterTime), leave_time: isoOrNull(g.leaveTime) })),
      ]),
    );
    paymentsBy = new Map(
      [...groupBy(paymentRows, (p) => p.bookingId)].map(([k, v]) => [
        k,
        v.map((p) => ({
          id: p.id,
          status: p.status,
          type: p.type as PaymentDto['type'],
          amount: Number(p.amount),
          created_at: iso(p.createdAt),
        })),
      ]),
    );
  }

  const passengerMap = byId(passengerRows);
  const serviceMap = byId(lookups.services);
  const rideMap = byId(rideRows);
  const offeredMap = byId(lookups.offered);
  const sectorMap = byId(lookups.sectors);
  const placeMap = byId(lookups.places);
  const voucherMap = byId(lookups.vouchers);
  const creatorMap = byId(lookups.creators);
  const userReasonMap = byId(lookups.userReasons);
  const captainReasonMap = byId(lookups.captainReasons);
  const partnerMap = byId(lookups.partners);
  const attachmentsBy = byId(attachmentRows);

  return rows.map((b): BookingDto => {
    const p = passengerMap.get(b.passengerId);
    const service = serviceMap.get(b.serviceId);
    const ride = b.rideId ? rideMap.get(b.rideId) : undefined;
    const rideCaptain = ride?.captain;
    const offered = b.suggestionCaptainId ? offeredMap.get(b.suggestionCaptainId) : undefined;
    const attached = attachmentsBy.get(b.id);
    const notes = (attached?.notes ?? []).map(({ first, last, ...n }) =>
      presentNote(n, first ? fullName(first, last ?? '') : null),
    );
    const change = attached?.change;
    const airport = attached?.airport;
    const creator = b.creatorId ? creatorMap.get(b.creatorId) : undefined;
    const sector = (id: number | null) => {
      const s = id ? sectorMap.get(id) : undefined;
      return s ? { id: s.id, name: s.name } : null;
    };
    const landmark = (id: number | null) => {
      const l = id ? placeMap.get(id) : undefined;
      return l ? { id: l.id, name: l.name } : null;
    };
    const dto: BookingDto = {
      id: b.id,
      status: b.status as BookingStatus,
      origin: b.origin as BookingOrigin,
      group_order: b.groupOrder,
      group_size: b.groupOrder ? (groupSizesBy.get(b.groupOrder) ?? 1) : null,
      high_priority: b.highPriority,
      datetime: iso(b.datetime),
      created_at: iso(b.createdAt),
      updated_at: iso(b.updatedAt),
      now: b.now,
      besoin: b.besoin,
      besoin_date: isoOrNull(b.besoinDate),
      transformed: b.transformed,
      seats: b.seats,
      vehicle_type: b.vehicleType,
      room_number: b.roomNumber,
      notes: notes.length ? notes.map((n) => n.note).join(NOTE_DIVIDER) : null,
      notes_list: notes,
      service: {
        id: b.serviceId,
        name: service?.name ?? '',
        icon: service?.icon ?? null,
        is_pooling: service?.isPooling ?? false,
      },
      service_id: b.serviceId,
      passenger: {
        id: b.passengerId,
        first_name: p?.firstName ?? '',
        last_name: p?.lastName ?? '',
        full_name: p ? fullName(p.firstName, p.lastName) : '',
        username: p?.username ?? null,
        phone_number: p?.phoneNumber ?? '',
        whatsapp_number: p?.whatsappNumber ?? null,
        approved_at: isoOrNull(p?.approvedAt),
        id_card_front: p?.idCardFront ?? null,
        id_card_back: p?.idCardBack ?? null,
        rejected_count: p?.rejectedCount ?? 0,
        can_use_vip: p?.canUseVip ?? false,
        active_loyalty_classes: (p?.activeLoyaltyClasses ?? []).map((name) => ({ name })),
      },
      pick_up_location_name: b.pickUpLocationName,
      pick_up_location_details: b.pickUpLocationDetails,
      pick_up_voice_recording: b.pickUpVoiceRecording,
      pull_down_location_name: b.pullDownLocationName,
      pull_down_location_details: b.pullDownLocationDetails,
      landmark_pickup: landmark(b.landmarkPickupId),
      landmark_dropoff: landmark(b.landmarkDropoffId),
      pick_up_location: point(b.pickUpLon, b.pickUpLat) as PointDto,
      pull_down_location: point(b.pullDownLon, b.pullDownLat),
      pickup_sector: sector(b.pickupSectorId),
      dropoff_sector: sector(b.dropoffSectorId),
      review_reason: b.reviewReason ?? null,
      stops: (attached?.stops ?? []).map((s) => ({ location_name: s.name })),
      voucher: b.voucherId && voucherMap.get(b.voucherId) ? { code: voucherMap.get(b.voucherId)?.code ?? '' } : null,
      meta: b.meta ?? {},
      captain_cancellations: b.captainCancellations,
      captain_cancellation_reason: b.captainCancellationReasonId
        ? (captainReasonMap.get(b.captainCancellationReasonId) ?? null)
        : null,
      user_cancellation_reason: b.userCancellationReasonId
        ? (userReasonMap.get(b.userCancellationReasonId) ?? null)
        : null,
      // A group offer another captain won is not this captain's answer: it is left out.
      suggestions: (attached?.suggestions ?? [])
        .filter((s) => s.status !== 'WITHDRAWN')
        .map((s) => ({ status: s.status as 'SENT' | 'ACCEPTED' | 'REFUSED' })),
      active_captain_suggestion: activeSuggestion(b, offered),
      unassigned: b.unassignedAt ? { at: iso(b.unassignedAt), reason: b.unassignedReason ?? 'no_acceptance' } : null,
      not_moving:
        b.notMovingAt && ON_THE_WAY_STATUSES.includes(b.status as BookingStatus) ? { since: iso(b.notMovingAt) } : null,
      last_service_change_suggestion: change
        ? {
            id: change.id,
            new_service: serviceMap.get(change.newServiceId)?.name ?? '',
            new_service_id: change.newServiceId,
            accepted_at: isoOrNull(change.acceptedAt),
          }
        : null,
      is_eta: b.isEta,
      eta_captain: b.etaCaptain,
      airport_office: b.airportOffice,
      airport: airport
        ? { riders: airport.riders, bags: airport.bags, received: airportReceived(b.createdAt, airport.lastUpdate) }
        : null,
      partner: presentPartner(b.partnerId ? partnerMap.get(b.partnerId) : undefined),
      ride_id: b.rideId,
      ride:
        ride && rideCaptain
          ? {
              id: ride.id,
              captain_id: ride.captainId,
              captain: presentCaptain(rideCaptain),
              car:
                ride.car?.id != null && ride.car.number != null
                  ? presentCar({ ...ride.car, id: ride.car.id, number: ride.car.number })
                  : null,
            }
          : null,
      captain_last_location: rideCaptain ? point(rideCaptain.lastLon, rideCaptain.lastLat) : null,
      static_constraints: b.staticConstraints ?? [],
      dynamic_constraints: markUnmet(b.dynamicConstraints ?? [], rideCaptain?.capabilities),
      creator_email: creator?.email ?? null,
      user_first_name: creator?.firstName ?? null,
    };
    if (opts.detail) {
      dto.statuses = statusesBy.get(b.id) ?? [];
      dto.geofence_logs = geofenceBy.get(b.id) ?? [];
      dto.payments = paymentsBy.get(b.id) ?? [];
    }
    return dto;
  });
}

export async function presentBooking(
  db: DbOrTx,
  row: BookingRow,
  opts: { detail?: boolean } = {},
): Promise<BookingDto> {
  const [dto] = await presentBookings(db, [row], opts);
  return dto;
}
