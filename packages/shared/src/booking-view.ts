import type { BookingDto, BookingPassengerDto } from './booking-dto';
import type { Actor } from './policies/core';
import { passengerPolicy } from './policies/people';

/**
 * A booking as a role that reads no passenger sees it (the Goverment role: GET passenger answers it 403): the
 * passenger's first name and initial, without phone, WhatsApp, user name or ID-card files. The board, the
 * search, the ride page, the CSV export and the socket all show it this way to such a role.
 */
export function passengerWithoutContact(p: BookingPassengerDto): BookingPassengerDto {
  const last_name = initialOf(p.last_name);
  return {
    ...p,
    last_name,
    full_name: shortName(p.first_name, p.last_name),
    username: null,
    phone_number: '',
    whatsapp_number: null,
    id_card_front: null,
    id_card_back: null,
  };
}

const initialOf = (last: string | null | undefined) => {
  const initial = (last ?? '').trim().charAt(0);
  return initial ? `${initial}.` : '';
};

/** "Jean D.": the name such a role sees (the board, the CSV export). */
export function shortName(first: string | null | undefined, last: string | null | undefined): string {
  return [(first ?? '').trim(), initialOf(last)].filter(Boolean).join(' ');
}

export function bookingWithoutPassengerContact(b: BookingDto): BookingDto {
  return { ...b, passenger: passengerWithoutContact(b.passenger) };
}

/** Who sees a booking's passenger whole: whoever reads passengers (GET passenger/{id}); the rest see the view above. */
export const BOOKING_PASSENGER_VIEW = { unless: passengerPolicy.read, view: bookingWithoutPassengerContact } as const;

/** The booking as this actor may see it, on every path (HTTP answers, CSV, the socket's view). */
export function bookingFor(actor: Actor): (b: BookingDto) => BookingDto {
  return BOOKING_PASSENGER_VIEW.unless.allows(actor) ? (b) => b : BOOKING_PASSENGER_VIEW.view;
}
