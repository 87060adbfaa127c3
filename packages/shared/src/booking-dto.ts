import type { BookingConstraint, BookingOrigin, BookingStatus } from './bookings';

/** The booking as the API presents it (bookings.md §3). One type for the server's presenter and the
 * web app's cards, dialogs and search results. Coordinates are [longitude, latitude]. */
export interface PointDto {
  type: 'Point';
  coordinates: [number, number];
}

export interface BookingPassengerDto {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  username: string | null;
  phone_number: string;
  whatsapp_number: string | null;
  approved_at: string | null;
  id_card_front: string | null;
  id_card_back: string | null;
  rejected_count: number;
  can_use_vip: boolean;
  active_loyalty_classes: { name: string }[];
}

export interface BookingServiceDto {
  id: number;
  name: string;
  icon: string | null;
  is_pooling: boolean;
}

export interface CaptainRefDto {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  phone_number: string | null;
  conversation_id: string | null;
}

export interface CarDto {
  id: number;
  number: string;
  color: { name: string } | null;
  brand_model: { name: string; brand: { name: string } } | null;
}

export interface RideDto {
  id: number;
  captain_id: number;
  captain: CaptainRefDto;
  car: CarDto | null;
}

export interface BookingNoteDto {
  id: number;
  note: string;
  author_id: number | null;
  author_name: string | null;
  created_at: string;
  solved: boolean;
}

export interface BookingStatusDto {
  status: BookingStatus;
  value: string | null;
  created_at: string;
  location: PointDto | null;
}

export interface PaymentDto {
  id: number;
  status: string;
  type: 'booking' | 'tip' | 'CANCELLATION_FEES';
  amount: number;
  created_at: string;
}

export interface BookingDto {
  id: number;
  status: BookingStatus;
  origin: BookingOrigin;
  group_order: string | null;
  high_priority: boolean;
  datetime: string;
  created_at: string;
  updated_at: string;
  now: boolean;
  besoin: boolean;
  besoin_date: string | null;
  transformed: boolean;
  seats: number;
  vehicle_type: string | null;
  room_number: string | null;
  /** Notes joined with NOTE_DIVIDER, as the spec stores them; notes_list carries them one by one. */
  notes: string | null;
  notes_list: BookingNoteDto[];
  service: BookingServiceDto;
  service_id: number;
  passenger: BookingPassengerDto;
  pick_up_location_name: string;
  pick_up_location_details: string | null;
  pick_up_voice_recording: string | null;
  pull_down_location_name: string | null;
  pull_down_location_details: string | null;
  landmark_pickup: { id: number; name: string } | null;
  landmark_dropoff: { id: number; name: string } | null;
  pick_up_location: PointDto;
  pull_down_location: PointDto | null;
  pickup_sector: { id: number; name: string } | null;
  dropoff_sector: { id: number; name: string } | null;
  stops: { location_name: string }[];
  voucher: { code: string } | null;
  meta: { round_trip?: boolean; complaint_status?: string | null; captain_order?: number | null };
  captain_cancellations: number;
  captain_cancellation_reason: { id: number; text: string } | null;
  user_cancellation_reason: { id: number; text: string } | null;
  suggestions: { status: 'SENT' | 'ACCEPTED' | 'REFUSED' }[];
  active_captain_suggestion: { captain_name: string; until: string } | null;
  last_service_change_suggestion: {
    id: number;
    new_service: string;
    new_service_id: number;
    accepted_at: string | null;
  } | null;
  is_eta: boolean;
  eta_captain: number | null;
  airport_office: boolean;
  /** Riders and bags of an airport request, shown on the card. */
  airport: { riders: number | null; bags: number | null } | null;
  ride_id: number | null;
  ride: RideDto | null;
  captain_last_location: PointDto | null;
  static_constraints: BookingConstraint[];
  dynamic_constraints: BookingConstraint[];
  creator_email: string | null;
  user_first_name: string | null;
  /** Present on the single-booking answer (GET bookings/{id}); omitted from lists. */
  statuses?: BookingStatusDto[];
  geofence_logs?: { enter_time: string | null; leave_time: string | null }[];
  payments?: PaymentDto[];
}

export interface AirportDetailsDto {
  agent: string | null;
  air_agency_name: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  whatsapp_number: string | null;
  riders: number | null;
  bags: number | null;
  pnr: string | null;
  country: string | null;
  estimated_price: number | null;
  booking_id: number;
  booking_created_at: string;
  last_update: string;
}
