import { afterEach, describe, expect, it } from 'vitest';
import { dayFigures, formatWait } from '../src/features/reports/format';
import {
  formatAge,
  formatAxisDay,
  formatComplaintTime,
  formatDate,
  formatDateTime,
  formatEuros,
  formatNumber,
  formatOrderTime,
  formatPattern,
  formatPhone,
} from '../src/i18n/format';
import { i18n } from '../src/i18n/index';

// 16:05 UTC is 17:05 in Monaco in winter, 18:05 in summer: the city's clock, not the machine's zone.
const WINTER = '2026-11-22T16:05:09Z';
const SUMMER = '2026-07-02T16:05:09Z';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('one formatter per kind, in the spec formats', () => {
  it("orders 'HH h m - DD/MM/YYYY', complaints 'HHhmm DD/MM/YYYY', dates DD/MM/YYYY, the rest DD/MM/YYYY HH:mm", () => {
    expect(formatOrderTime(WINTER)).toBe('17h05 - 22/11/2026');
    expect(formatOrderTime(SUMMER)).toBe('18h05 - 02/07/2026');
    expect(formatComplaintTime(WINTER)).toBe('17h05 22/11/2026');
    expect(formatDate(WINTER)).toBe('22/11/2026');
    expect(formatDateTime(WINTER)).toBe('22/11/2026 17:05');
  });

  it('answers nothing for nothing or an invalid date', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatOrderTime(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
  });

  it('numbers and euros follow the language', async () => {
    expect(formatEuros(1234.5)).toBe('€1,234.50');
    expect(formatNumber(1234.5)).toBe('1,234.5');
    await i18n.changeLanguage('fr');
    expect(formatEuros(1234.5).replace(/\s/g, ' ')).toBe('1 234,50 €');
    await i18n.changeLanguage('ar');
    // Arabic keeps Latin digits (the locale's nu-latn), readable beside plates and ids.
    expect(formatNumber(1234.5)).toMatch(/1.?234.5/);
  });

  it("a chart's days: short, in the language, on the city's calendar", async () => {
    // 23:30 UTC on the 21st is already the 22nd in Monaco.
    const lateUtc = '2026-11-21T23:30:00Z';
    expect(formatAxisDay(lateUtc)).toBe('Sun 22 Nov');
    await i18n.changeLanguage('fr');
    expect(formatAxisDay(lateUtc)).toBe('dim. 22 nov.');
    await i18n.changeLanguage('ar');
    expect(formatAxisDay(lateUtc)).toMatch(/22/);
    expect(formatAxisDay(lateUtc)).toMatch(/نوفمبر/);
    expect(formatAxisDay(null)).toBe('');
  });

  it('phones in one international form, whatever was stored', () => {
    expect(formatPhone('+37793123456')).toBe('+377 93 12 34 56');
    expect(formatPhone('+377 93 12 34 56')).toBe('+377 93 12 34 56');
    expect(formatPhone('+33612345678')).toBe('+33 6 12 34 56 78');
    expect(formatPhone('call me')).toBe('call me');
    expect(formatPhone(null)).toBe('');
  });
});

describe('ages', () => {
  it('counts seconds under a minute, then whole minutes, then hours and minutes, never rounded up', () => {
    expect(formatAge(45_400)).toBe('45 s');
    expect(formatAge(3 * 60_000 + 59_000)).toBe('3 min');
    expect(formatAge(65 * 60_000)).toBe('1 h 5 min');
    expect(formatAge(-2000)).toBe('0 s');
    expect(formatAge(null)).toBe('');
  });
});

describe('every word and number in the console’s language', () => {
  const load = async (language: 'fr' | 'ar') => {
    const { CATALOGUES } = await import('@taxi/shared/i18n/catalogues');
    if (!i18n.hasResourceBundle(language, 'translation'))
      i18n.addResourceBundle(language, 'translation', CATALOGUES[language]);
    await i18n.changeLanguage(language);
  };

  it('decimals take the language’s separator (Intl.NumberFormat of its locale)', async () => {
    expect(formatNumber(7.5)).toBe('7.5');
    await load('fr');
    expect(formatNumber(7.5)).toBe('7,5');
    expect(formatNumber(7.5)).toBe(new Intl.NumberFormat('fr-FR').format(7.5));
    expect(formatNumber(1234.25).replace(/\s/g, ' ')).toBe('1 234,25');
    await load('ar');
    // Latin digits (nu-latn), and the separator Arabic writes with them.
    expect(formatNumber(7.5)).toBe(new Intl.NumberFormat('ar-u-nu-latn').format(7.5));
    expect(formatNumber(7.5)).toMatch(/^7.5$/);
  });

  it('the dashboard’s mean wait and ETA in minutes are numbers of the language (7,5 min)', async () => {
    await load('fr');
    expect(formatWait(45)).toBe('45 s');
    const figures = dayFigures({
      bookings: { value: 3, series: [] },
      completed: { value: 2, series: [] },
      cancelled: { value: 1, series: [] },
      wait_p50_s: { value: 600, series: [] },
      wait_p90_s: { value: 900, series: [] },
      mean_eta_min: { value: 7.5, series: [] },
      automation_rate: { value: 0.5, series: [] },
      captains: { online: 1, free: 1, busy: 0 },
    } as never);
    expect(figures.find((f) => f.id === 'eta')?.value).toBe('7,5 min');
  });

  it('date placeholders: DD-MM-YYYY, JJ-MM-AAAA in French, the Arabic words in the digits’ order', async () => {
    expect(formatPattern('DD-MM-YYYY')).toBe('DD-MM-YYYY');
    expect(formatPattern('DD-MM-YYYY HH:mm')).toBe('DD-MM-YYYY HH:mm');
    await load('fr');
    expect(formatPattern('DD-MM-YYYY')).toBe('JJ-MM-AAAA');
    expect(formatPattern('DD-MM-YYYY HH:mm')).toBe('JJ-MM-AAAA HH:mm');
    await load('ar');
    const ar = formatPattern('DD-MM-YYYY');
    // Day, month, year: a left-to-right mark first and after each part, so the day stands on the left, over the
    // digits of the day (a date's digits read left to right in Arabic too).
    expect(ar).toBe('\u200eيوم\u200e-شهر\u200e-سنة\u200e');
    expect(ar).not.toMatch(/[A-Za-z]/);
    expect(formatPattern('DD-MM-YYYY HH:mm').replace(/\u200e/g, '')).toBe('يوم-شهر-سنة ساعة:دقيقة');
  });

  it('orders keep the spec’s numeric format in every language', async () => {
    await load('fr');
    expect(formatOrderTime(WINTER)).toBe('17h05 - 22/11/2026');
    await load('ar');
    expect(formatComplaintTime(WINTER)).toBe('17h05 22/11/2026');
  });
});
