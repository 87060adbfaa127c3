import { isSamePhone, normalisePhone, pathTo } from '@taxi/shared';

/**
 * Where the softphone sends people and calls: the SIP URI dialled for a number, the caller's number from an
 * INVITE, and the phone booking page prefilled for a caller.
 */

/** The SIP URI that dials `number` through the SIP server of `domain`; null when no digit is left. */
export function dialTarget(number: string, domain: string): string | null {
  const user = normalisePhone(number);
  if (!/\d/.test(user) || !domain.trim()) return null;
  return `sip:${user}@${domain.trim()}`;
}

/** The caller's number from the INVITE's From user (`+216…`, `0…`; anything else as it came, or ''). */
export function callerNumber(fromUser: string | null | undefined): string {
  if (!fromUser) return '';
  const decoded = safeDecode(fromUser);
  const phone = normalisePhone(decoded);
  return /\d/.test(phone) ? phone : decoded;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The query parameters of /phone-bookings that come from a call. */
export const PHONE_BOOKING_PARAMS = { phone: 'phone', call: 'call' } as const;

/** /phone-bookings?phone=…&call=…: the order form opened for the caller; `call` links the booking to the call. */
export function phoneBookingUrl(phone: string, callId?: string | null): string {
  const params = new URLSearchParams();
  const number = normalisePhone(phone);
  if (number) params.set(PHONE_BOOKING_PARAMS.phone, number);
  if (callId) params.set(PHONE_BOOKING_PARAMS.call, callId);
  const query = params.toString();
  return `${pathTo('PhoneBooking')}${query ? `?${query}` : ''}`;
}

/** What /phone-bookings reads back: the caller's number and the call, each null when absent or empty. */
export function phoneBookingPrefill(params: URLSearchParams): { phone: string | null; callId: string | null } {
  const phone = normalisePhone(params.get(PHONE_BOOKING_PARAMS.phone) ?? '');
  const callId = params.get(PHONE_BOOKING_PARAMS.call)?.trim() ?? '';
  return { phone: /\d/.test(phone) ? phone : null, callId: callId || null };
}

/**
 * Of the passengers found by a number, the one whose phone (or WhatsApp) is that number, else null: the same
 * number written another way (0640123456, +33 6 40 12 34 56) by the caller lookup's rule (isSamePhone).
 */
export function passengerByPhone<P extends { phone_number?: string | null; whatsapp_number?: string | null }>(
  rows: readonly P[],
  phone: string,
): P | null {
  const same = (value: string | null | undefined) => isSamePhone(phone, value);
  return rows.find((row) => same(row.phone_number)) ?? rows.find((row) => same(row.whatsapp_number)) ?? null;
}

/** A call's talk or wait time in seconds as m:ss (h:mm:ss past an hour); '' for none. */
export function formatCallSeconds(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
