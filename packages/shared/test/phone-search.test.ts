import { describe, expect, it } from 'vitest';
import { CITY_PHONE_REGION, isSamePhone, phoneDigits, phoneMatches, phoneSearch } from '../src/phone-search';

const STORED = '+33600009351';
const finds = (query: string, stored = STORED) => {
  const search = phoneSearch(query);
  return search !== null && phoneMatches(search, stored);
};

describe('phone search: a whole number in any form', () => {
  const forms = [
    '0600009351',
    '06 00 00 93 51',
    '06.00.00.93.51',
    '(06) 00-00-93.51',
    '600009351',
    '+33 6 00 00 93 51',
    '+33600009351',
    '+33 (0)6 00 00 93 51',
    '0033 6 00 00 93 51',
    '٠٦ ٠٠ ٠٠ ٩٣ ٥١',
  ];

  it.each(forms)('%s finds +33600009351, stored as E.164 or with spaces', (query) => {
    expect(finds(query)).toBe(true);
    expect(finds(query, '+33 6 00 00 93 51')).toBe(true);
  });

  it('reads a national number in the city region, and gives its E.164 form and national significant number', () => {
    expect(CITY_PHONE_REGION).toBe('MC');
    expect(phoneSearch('06 00 00 93 51')).toMatchObject({
      e164: '+377600009351',
      national: '600009351',
      international: false,
    });
    expect(phoneSearch('06 00 00 93 51', 'FR')).toMatchObject({ e164: '+33600009351', international: false });
    expect(phoneSearch('0033 6 00 00 93 51')).toMatchObject({
      e164: '+33600009351',
      national: '600009351',
      international: true,
    });
    expect(phoneSearch('+377 93 15 00 00')).toMatchObject({ e164: '+37793150000', national: '93150000' });
  });

  it('typed nationally, finds that national number in the city and beside it; with a country code, that country only', () => {
    expect(finds('06 00 00 93 51', '+377600009351')).toBe(true);
    expect(finds('+33 6 00 00 93 51', '+377600009351')).toBe(false);
    expect(finds('+377 6 00 00 93 51', STORED)).toBe(false);
    // the number written nationally on file is found by its international form
    expect(finds('+33 6 00 00 93 51', '06 00 00 93 51')).toBe(true);
    expect(finds('93 15 00 00', '+377 93 15 00 00')).toBe(true);
  });

  it('does not find another number', () => {
    for (const query of ['0600009352', '06 00 00 93 52', '+33 6 00 00 93 52', '+377 6 00 00 93 51']) {
      expect(finds(query)).toBe(false);
    }
  });
});

describe('phone search: a part of a number', () => {
  it('finds the numbers containing its significant digits', () => {
    expect(finds('009351')).toBe(true);
    expect(finds('9351')).toBe(true);
    expect(finds('93 51')).toBe(true);
    // the trunk prefix is dropped: 06 00 00 is 60000
    expect(phoneSearch('06 00 00')?.patterns).toEqual(['%60000%']);
    expect(finds('06 00 00')).toBe(true);
    expect(finds('06 00 00 9')).toBe(true);
    expect(finds('9352')).toBe(false);
  });

  it('typed with a country code, finds the numbers of that country that start so', () => {
    expect(finds('+33 6 00')).toBe(true);
    expect(finds('+33 6 00', '+377600009351')).toBe(false);
    expect(finds('+377 6 00 00 93 5', '+377600009351')).toBe(true);
  });

  it('is not a phone search without digits, with a letter, or with too few or too many digits', () => {
    for (const query of [
      '',
      '  ',
      'Anna',
      '06 12 ab',
      '+',
      '+33',
      '00',
      '001',
      '935',
      '0 6',
      '%',
      '_',
      "'; drop table passengers",
      '1'.repeat(30),
    ]) {
      expect(phoneSearch(query), query).toBeNull();
    }
  });

  it('gives only digits and % to the SQL patterns', () => {
    for (const query of ['0600009351', '+33 6 00', '009351', '(06) 00-00', '٠٦ ٠٠ ٠٠', '+33 (0)6 00 00 93 51']) {
      for (const pattern of phoneSearch(query)?.patterns ?? []) expect(pattern).toMatch(/^[\d%]+$/);
    }
  });
});

describe('the same number (the caller lookup, the phone booking prefill)', () => {
  it('is the same subscriber written nationally, internationally, with spaces or as a bare caller ID', () => {
    for (const caller of ['0640123456', '+33640123456', '+33 6 40 12 34 56', '0033640123456', '33640123456']) {
      expect(isSamePhone(caller, '+33 6 40 12 34 56'), caller).toBe(true);
    }
    expect(isSamePhone('0640123456', '+377640123456')).toBe(true);
  });

  it('is another number with another country code, another subscriber, or a part of it', () => {
    expect(isSamePhone('+377640123456', '+33640123456')).toBe(false);
    expect(isSamePhone('33640123456', '+377640123456')).toBe(false);
    expect(isSamePhone('0640123457', '+33640123456')).toBe(false);
    expect(isSamePhone('640123', '+33640123456')).toBe(false);
    expect(isSamePhone('1000', '1000')).toBe(true);
    expect(isSamePhone('1000', '+33612341000')).toBe(false);
    expect(isSamePhone('abc', '+33640123456')).toBe(false);
    expect(isSamePhone('0640123456', null)).toBe(false);
  });

  it('reads a stored number by its digits', () => {
    expect(phoneDigits('+33 (0)6 00-00.93 51')).toBe('330600009351');
    expect(phoneDigits('٠٦ ٠٠')).toBe('0600');
  });
});
