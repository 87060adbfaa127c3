import type { BookingDto, BookingPassengerDto } from './booking-dto';

/**
 * A booking as a role that reads no passenger sees it (the Goverment role: GET passenger answers it 403): the
 * passenger's first name and initial, without phone, WhatsApp, user name or ID-card files. The board, the
 * search, the ride page, the CSV export and the socket all show it this way to such a role.
 */
export function passengerWithoutContact(p: BookingPassengerDto): BookingPassengerDto {
  const initial = p.last_name.trim().charAt(0);
  const last_name = initial ? `${initial}.` : '';
  return {
    ...p,
    last_name,
    full_name: [p.first_name, last_name].filter(Boolean).join(' '),
    username: null,
    phone_number: '',
    whatsapp_number: null,
    id_card_front: null,
    id_card_back: null,
  };
}

export function bookingWithoutPassengerContact(b: BookingDto): BookingDto {
  return { ...b, passenger: passengerWithoutContact(b.passenger) };
}
