import {
  BOOKING_COLOURS,
  type BookingDto,
  type BookingStatus,
  CANCELLED_STATUSES,
  PARTNER_KIND_LABELS,
  PARTNER_UI,
} from '@taxi/shared';

/**
 * Status colours of the bookings screens. Dates, phones and money use the shared formatters of
 * apps/web/src/i18n/format.ts (formatOrderTime for order times, formatDateTime for the others).
 */

/** Status colour of the shell's booking colour indicators. */
export function statusColour(status: BookingStatus): string {
  switch (status) {
    case 'PENDING':
      return BOOKING_COLOURS.PENDING;
    case 'APPROVED':
    case 'ACCEPTED':
      return BOOKING_COLOURS.CONFIRMED;
    case 'STARTED':
      return BOOKING_COLOURS.STARTED;
    case 'ARRIVED':
      return BOOKING_COLOURS.ARRIVED;
    case 'PICKED_UP':
      return BOOKING_COLOURS.PICKED_UP;
    case 'DONE':
    case 'PAID':
    case 'AT_DESTINATION':
      return BOOKING_COLOURS.DONE;
    default:
      return CANCELLED_STATUSES.includes(status) ? '#455a64' : BOOKING_COLOURS.CONFIRMED;
  }
}

/** The arrow between a pickup and a dropoff, along the reading direction (→, or ← right-to-left). */
export function routeArrow(direction: 'ltr' | 'rtl'): string {
  return direction === 'rtl' ? '←' : '→';
}

/** "Pickup → Dropoff", or the pickup alone. */
export function routeText(pickup: string, dropoff: string | null | undefined, direction: 'ltr' | 'rtl'): string {
  return dropoff ? `${pickup} ${routeArrow(direction)} ${dropoff}` : pickup;
}

/** The partner a booking was made for, with its kind and the room a hotel gave ('' when none). */
export function bookingPartnerLabel(b: Pick<BookingDto, 'partner' | 'room_number'>): string {
  if (!b.partner) return '';
  const partner = PARTNER_UI.partnerOf(b.partner.name, PARTNER_KIND_LABELS[b.partner.kind]);
  return b.room_number ? `${partner} · ${PARTNER_UI.room(b.room_number)}` : partner;
}
