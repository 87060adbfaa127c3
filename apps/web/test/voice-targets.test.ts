import { describe, expect, it } from 'vitest';
import {
  callerNumber,
  dialTarget,
  formatCallSeconds,
  passengerByPhone,
  phoneBookingPrefill,
  phoneBookingUrl,
} from '../src/features/voice/targets';

describe('click-to-call target', () => {
  it('dials the digits of the number (and its +) at the SIP domain', () => {
    expect(dialTarget('+216 22-333 444', 'sip.example.com')).toBe('sip:+21622333444@sip.example.com');
    expect(dialTarget('(71) 123 456', 'sip.example.com')).toBe('sip:71123456@sip.example.com');
    expect(dialTarget(' 0612 ', ' pbx.local ')).toBe('sip:0612@pbx.local');
  });

  it('dials nothing without a digit or a domain', () => {
    expect(dialTarget('abc', 'sip.example.com')).toBeNull();
    expect(dialTarget('', 'sip.example.com')).toBeNull();
    expect(dialTarget('+216', '')).toBeNull();
  });
});

describe("the caller's number", () => {
  it('is the INVITE From user, as digits', () => {
    expect(callerNumber('+21622333444')).toBe('+21622333444');
    expect(callerNumber('%2B21622333444')).toBe('+21622333444');
    expect(callerNumber('anonymous')).toBe('anonymous');
    expect(callerNumber(undefined)).toBe('');
  });
});

describe('phone booking opened from a call', () => {
  it('carries the number and the call', () => {
    expect(phoneBookingUrl('+216 22 333 444', 'a84b4c76e66710@pc33.example.com')).toBe(
      '/phone-bookings?phone=%2B21622333444&call=a84b4c76e66710%40pc33.example.com',
    );
    expect(phoneBookingUrl('0612')).toBe('/phone-bookings?phone=0612');
    expect(phoneBookingUrl('')).toBe('/phone-bookings');
  });

  it('reads back what it wrote', () => {
    const url = phoneBookingUrl('+216 22 333 444', 'id@host');
    const params = new URLSearchParams(url.split('?')[1]);
    expect(phoneBookingPrefill(params)).toEqual({ phone: '+21622333444', callId: 'id@host' });
    expect(phoneBookingPrefill(new URLSearchParams('phone=abc&call='))).toEqual({ phone: null, callId: null });
    expect(phoneBookingPrefill(new URLSearchParams('show_order_list=1&id=4'))).toEqual({ phone: null, callId: null });
  });

  it('picks the passenger whose number it is, among those the search found', () => {
    const rows = [
      { id: 1, phone_number: '+21622333445', whatsapp_number: null },
      { id: 2, phone_number: '+216 22 333 444', whatsapp_number: null },
      { id: 3, phone_number: '+21699999999', whatsapp_number: '+21622333444' },
    ];
    expect(passengerByPhone(rows, '+21622333444')?.id).toBe(2);
    expect(passengerByPhone(rows.slice(2), '+21622333444')?.id).toBe(3);
    expect(passengerByPhone(rows, '+21600000000')).toBeNull();
  });

  it('knows the number written another way: a national caller ID is the passenger on file internationally', () => {
    const rows = [
      { id: 4, phone_number: '+33 6 40 12 34 57', whatsapp_number: null },
      { id: 5, phone_number: '+33640123456', whatsapp_number: null },
    ];
    expect(passengerByPhone(rows, '0640123456')?.id).toBe(5);
    expect(passengerByPhone(rows, '+33 6 40 12 34 57')?.id).toBe(4);
    expect(passengerByPhone(rows, '+377640123456')).toBeNull();
  });
});

describe('call durations', () => {
  it('reads m:ss, and h:mm:ss past an hour', () => {
    expect(formatCallSeconds(0)).toBe('0:00');
    expect(formatCallSeconds(42.4)).toBe('0:42');
    expect(formatCallSeconds(65)).toBe('1:05');
    expect(formatCallSeconds(3725)).toBe('1:02:05');
    expect(formatCallSeconds(null)).toBe('');
    expect(formatCallSeconds(-1)).toBe('');
  });
});
