import {
  type BookingDto,
  PARTNER_KIND_LABELS,
  PARTNER_UI,
  type PartnerKind,
  type PartnerOptionDto,
  partnerPickup,
} from '@taxi/shared';
import type { PickerOption } from '../../../components/pickers';
import type { PlaceValue } from './PlaceField';

/** The partner an order is made for, as the phone booking holds it: the picker's option and its own place. */
export interface PartnerChoice {
  id: number;
  kind: PartnerKind;
  option: PickerOption;
  /** Its address on the map as a pickup, or null when it has none. */
  place: PlaceValue | null;
}

/** A partner of the list as the picker shows it: its name, then its kind, whether it is active and its load. */
export function partnerChoice(p: PartnerOptionDto): PartnerChoice {
  const details = [
    PARTNER_KIND_LABELS[p.kind],
    p.active ? null : PARTNER_UI.inactive,
    p.max_active_bookings > 0 ? PARTNER_UI.activeBookings(p.active_bookings, p.max_active_bookings) : null,
  ];
  return {
    id: p.id,
    kind: p.kind,
    option: { id: p.id, label: p.name, secondary: details.filter(Boolean).join(' · ') },
    place: partnerPickup(p),
  };
}

/** The partner of an order being edited (the picker shows it; its place is not offered again). */
export function bookingPartnerChoice(b: Pick<BookingDto, 'partner'>): PartnerChoice | null {
  if (!b.partner) return null;
  const { id, kind, name } = b.partner;
  return { id, kind, option: { id, label: name, secondary: PARTNER_KIND_LABELS[kind] }, place: null };
}

const blank = (pickup: PlaceValue | null | undefined) => !pickup || !String(pickup.name ?? '').trim();

/** The partner's place, offered as the pickup while the pickup is empty; null when there is nothing to offer. */
export function pickupOffer(choice: PartnerChoice | null, pickup: PlaceValue | null | undefined): PlaceValue | null {
  return choice?.place && blank(pickup) ? choice.place : null;
}
