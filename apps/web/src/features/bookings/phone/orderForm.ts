import { type BookingCreateInput, type BookingDto, dateToCityLocal, SERVICE_IDS } from '@taxi/shared';
import type { PickerOption } from '../../../components/pickers';
import type { PlaceValue } from './PlaceField';

export const EMPTY_ORDER: BookingCreateInput = {
  passenger_id: null,
  new_passenger: null,
  service_id: SERVICE_IDS.fullCar,
  pickup: undefined as unknown as PlaceValue,
  dropoff: null,
  stops: [],
  now: true,
  datetime: null,
  seats: 1,
  notes: '',
  voucher_code: '',
  origin: 'phone',
  partner_id: null,
  room_number: '',
  cars: 1,
};

/** The passenger of a booking as the passenger picker shows it. */
export function passengerOption(b: BookingDto): PickerOption {
  return { id: b.passenger.id, label: b.passenger.full_name, secondary: b.passenger.phone_number };
}

/** The order form filled from a booking being edited (the notes start empty: a new note is added). */
export function orderFormOf(b: BookingDto): BookingCreateInput {
  const [lon, lat] = b.pick_up_location.coordinates;
  const drop = b.pull_down_location?.coordinates;
  return {
    ...EMPTY_ORDER,
    passenger_id: b.passenger.id,
    service_id: b.service_id,
    pickup: {
      name: b.pick_up_location_name,
      details: b.pick_up_location_details,
      lon,
      lat,
      place_id: b.landmark_pickup?.id ?? null,
    },
    dropoff:
      drop && b.pull_down_location_name
        ? {
            name: b.pull_down_location_name,
            details: b.pull_down_location_details,
            lon: drop[0],
            lat: drop[1],
            place_id: b.landmark_dropoff?.id ?? null,
          }
        : null,
    now: b.now,
    datetime: b.now ? null : dateToCityLocal(b.datetime),
    seats: b.seats,
    notes: '',
    voucher_code: b.voucher?.code ?? '',
    // Sent back as they are: an edit keeps the order's partner and the room a hotel gave.
    partner_id: b.partner?.id ?? null,
    room_number: b.room_number ?? '',
  };
}
