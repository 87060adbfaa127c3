import type { PartnerBookingSubject, PartnerGuestSubject } from '../partners';
import { atPartnerDesk, holds, mayChange, rule } from './core';

/**
 * The partner desk (hotels, restaurants, companies): tenant isolation (ASVS 8.4.1). A partner's staff reach
 * only their own partner's bookings and guests; every staff route stays closed to them.
 */
export const partnerPolicy = {
  /** Their partner, its bookings and guests, booking for a guest. */
  desk: rule('partners.desk', atPartnerDesk),
  /** One booking: made for their partner. */
  booking: rule<PartnerBookingSubject>(
    'partners.booking',
    (a, b) => atPartnerDesk(a) && b.partner_id !== null && b.partner_id === a.partner_id,
  ),
  /**
   * One guest record: their partner's own. Never a passenger: a desk reads the record it typed, and another
   * partner's record (or any id it does not hold) is not found, like a missing one.
   */
  guest: rule<PartnerGuestSubject>(
    'partners.guest',
    (a, g) => atPartnerDesk(a) && !!a.partner_id && g.partner_id === a.partner_id,
  ),
  /** Staff: the partners a phone booking may be made for (whoever makes phone bookings: bookingPolicy.order). */
  options: rule('partners.options', (a) => mayChange(a, 'PHONE_BOOKING')),
  /** Staff: any partner's invoices and their CSV (the permission of the partners' catalogues). */
  invoices: rule('partners.invoices', (a) => holds(a, 'ACCOMMODATION')),
} as const;
