import { describe, expect, it } from 'vitest';
import { normalisePhone, PHONE_MATCH_DIGITS, phoneMatchKey } from '../src/voice';

describe('the caller lookup key', () => {
  it('is the same for one subscriber written nationally, internationally, with spaces or dashes', () => {
    const forms = ['+33 6 40 12 34 56', '0640123456', '+33640123456', '06-40-12-34-56', '0033 640 123 456'];
    expect(new Set(forms.map(phoneMatchKey))).toEqual(new Set(['640123456']));
    expect(phoneMatchKey('+33640123456')).toHaveLength(PHONE_MATCH_DIGITS);
  });

  it('differs for another subscriber, and keeps a short number whole', () => {
    expect(phoneMatchKey('0640123457')).not.toBe(phoneMatchKey('0640123456'));
    expect(phoneMatchKey('1000')).toBe('1000');
    expect(normalisePhone(' +377 6 12 ')).toBe('+377612');
  });
});
