import type { BookingDto, PartnerOptionDto } from '@taxi/shared';
import { describe, expect, it } from 'vitest';
import { bookingPartnerLabel } from '../src/features/bookings/format';
import { EMPTY_ORDER } from '../src/features/bookings/phone/orderForm';
import { bookingPartnerChoice, partnerChoice, pickupOffer } from '../src/features/bookings/phone/partnerPick';

const hotel = (over: Partial<PartnerOptionDto> = {}): PartnerOptionDto => ({
  id: 7,
  kind: 'hotel',
  name: 'Hôtel de Paris',
  address: 'Place du Casino',
  lon: 7.4275,
  lat: 43.7393,
  active: true,
  max_active_bookings: 0,
  active_bookings: 2,
  ...over,
});

describe('the phone booking’s partner', () => {
  it('shows a partner by name, then its kind, whether it is inactive and its load against its limit', () => {
    expect(partnerChoice(hotel()).option).toEqual({ id: 7, label: 'Hôtel de Paris', secondary: 'Hotel' });
    expect(partnerChoice(hotel({ kind: 'company', active: false, max_active_bookings: 5 })).option.secondary).toBe(
      'Company · Inactive · 2 of 5 active bookings',
    );
  });

  it('offers the partner’s own place as the pickup while the pickup is empty', () => {
    const choice = partnerChoice(hotel());
    const place = { name: 'Hôtel de Paris', details: 'Place du Casino', lon: 7.4275, lat: 43.7393, place_id: null };
    expect(choice.place).toEqual(place);
    expect(pickupOffer(choice, undefined)).toEqual(place);
    expect(pickupOffer(choice, null)).toEqual(place);
    expect(pickupOffer(choice, { ...place, name: '  ' })).toEqual(place);
    // A pickup already set is left alone; no partner, or one without a point, offers nothing.
    expect(pickupOffer(choice, { name: 'Gare de Monaco', lon: 7.42, lat: 43.74 })).toBeNull();
    expect(pickupOffer(null, undefined)).toBeNull();
    expect(pickupOffer(partnerChoice(hotel({ lon: null, lat: null })), undefined)).toBeNull();
  });

  it('an edited order shows the partner it was made for, and offers no place again', () => {
    expect(bookingPartnerChoice({ partner: null })).toBeNull();
    expect(bookingPartnerChoice({ partner: { id: 3, kind: 'restaurant', name: 'Le Louis XV' } })).toEqual({
      id: 3,
      kind: 'restaurant',
      option: { id: 3, label: 'Le Louis XV', secondary: 'Restaurant' },
      place: null,
    });
    expect(EMPTY_ORDER.partner_id).toBeNull();
  });

  it('a booking names its partner, with its kind and the room a hotel gave', () => {
    const booking = (partner: BookingDto['partner'], room: string | null) => ({ partner, room_number: room });
    expect(bookingPartnerLabel(booking(null, '12'))).toBe('');
    expect(bookingPartnerLabel(booking({ id: 7, kind: 'hotel', name: 'Hôtel de Paris' }, '207'))).toBe(
      'Hôtel de Paris (Hotel) · room 207',
    );
    expect(bookingPartnerLabel(booking({ id: 2, kind: 'company', name: 'Azur Tech' }, null))).toBe(
      'Azur Tech (Company)',
    );
  });
});
