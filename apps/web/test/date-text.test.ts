import { type ResourceDef, vouchersResource } from '@taxi/shared';
import { describe, expect, it } from 'vitest';
import { cellText, changedValues, initialValues } from '../src/components/DataTable/values';
import { dateTextToValue, latinDigits, valueToDateText } from '../src/components/dateText';
import { fromNow, formatDateTime as legacyFormatDateTime } from '../src/components/time';
import { formatDateTime, formatRelative } from '../src/i18n/format';

describe("dates typed as text (never the browser locale's mm/dd/yyyy)", () => {
  it('reads the digits of an Arabic keyboard and leaves out direction marks', () => {
    expect(latinDigits('٠٥/١١/٢٠٢٦')).toBe('05/11/2026');
    expect(latinDigits('۰۵/۱۱/۲۰۲۶')).toBe('05/11/2026');
    expect(dateTextToValue('٠٥/١١/٢٠٢٦ ١٧:٠٥', 'datetime')).toBe('2026-11-05T17:05');
    expect(dateTextToValue('\u200e05/11/2026\u200f', 'date')).toBe('2026-11-05');
    expect(dateTextToValue('٣١/١٢/٢٠٢٦', 'date')).toBe('2026-12-31');
    expect(dateTextToValue('٣١/٠٢/٢٠٢٦', 'date')).toBeNull();
  });

  it('shows a form value as DD-MM-YYYY [HH:mm]', () => {
    expect(valueToDateText('2026-11-05', 'date')).toBe('05-11-2026');
    expect(valueToDateText('2026-11-05T07:30', 'datetime')).toBe('05-11-2026 07:30');
    expect(valueToDateText('2026-11-05', 'datetime')).toBe('05-11-2026 00:00');
    expect(valueToDateText('', 'date')).toBe('');
    expect(valueToDateText('garbage', 'datetime')).toBe('');
  });

  it('reads day first, with / - or . and an optional time', () => {
    expect(dateTextToValue('05/11/2026', 'date')).toBe('2026-11-05');
    expect(dateTextToValue('5-11-2026', 'date')).toBe('2026-11-05');
    expect(dateTextToValue(' 5.11.2026 ', 'date')).toBe('2026-11-05');
    expect(dateTextToValue('05/11/2026 7:30', 'datetime')).toBe('2026-11-05T07:30');
    expect(dateTextToValue('05/11/2026 17h05', 'datetime')).toBe('2026-11-05T17:05');
    expect(dateTextToValue('05/11/2026', 'datetime')).toBe('2026-11-05T00:00');
  });

  it('refuses what is not a real date or time', () => {
    expect(dateTextToValue('31/02/2026', 'date')).toBeNull();
    expect(dateTextToValue('13/13/2026', 'date')).toBeNull();
    expect(dateTextToValue('2026-11-05', 'date')).toBeNull();
    expect(dateTextToValue('05/11/26', 'date')).toBeNull();
    expect(dateTextToValue('05/11/2026 10:00', 'date')).toBeNull();
    expect(dateTextToValue('05/11/2026 24:00', 'datetime')).toBeNull();
    expect(dateTextToValue('05/11/2026 10:60', 'datetime')).toBeNull();
  });

  it('round-trips', () => {
    for (const value of ['2026-01-31T23:59', '2024-02-29T00:00']) {
      expect(dateTextToValue(valueToDateText(value, 'datetime'), 'datetime')).toBe(value);
    }
  });
});

describe('catalogue dates are edited and shown on the city clock', () => {
  const def = vouchersResource as ResourceDef;
  const row = { id: 1, code: 'X', expires_at: '2026-07-01T20:15:00.000Z' };

  it('the form starts from the city time the list shows', () => {
    const initial = initialValues(def, row as never);
    // Monaco is UTC+2 in July.
    expect(initial.expires_at).toBe('2026-07-01T22:15');
    expect(cellText(def.fields.find((f) => f.name === 'expires_at') as never, row as never, 'Yes', 'No')).toBe(
      '01/07/2026 22:15',
    );
  });

  it('a changed time is sent as the instant of that city time', () => {
    const initial = initialValues(def, row as never);
    const changed = changedValues(def, initial, { ...initial, expires_at: '2026-12-24T18:00' }, true);
    // Monaco is UTC+1 in December.
    expect(changed.expires_at).toBe('2026-12-24T17:00:00.000Z');
  });
});

describe('components/time delegates to the console formatters', () => {
  it('one date format and relative times from i18n/format', () => {
    const at = '2026-11-22T16:05:00.000Z';
    expect(legacyFormatDateTime(at)).toBe(formatDateTime(at));
    expect(legacyFormatDateTime(at)).toBe('22/11/2026 17:05');
    expect(fromNow(at)).toBe(formatRelative(at));
    expect(fromNow(null)).toBe('');
  });
});

describe('one date format for every date typed in the console (people.md §2: DD-MM-YYYY in the picker)', () => {
  it('the fields take TIME_FORMATS.date, the shared constant', async () => {
    const { TIME_FORMATS } = await import('@taxi/shared');
    const { DATE_TEXT_FORMAT } = await import('../src/components/dateText');
    expect(TIME_FORMATS.pickerDate).toBe('DD-MM-YYYY');
    expect(DATE_TEXT_FORMAT.date).toBe(TIME_FORMATS.pickerDate);
    expect(DATE_TEXT_FORMAT.datetime).toBe(`${TIME_FORMATS.pickerDate} ${TIME_FORMATS.time}`);
  });

  it('the date picker (Block driver’s “Blocked until”) and the complaint filters show DD-MM-YYYY', async () => {
    const { createElement } = await import('react');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { DatePicker } = await import('../src/components/pickers/LocalPickers');
    const { DateRangeFields } = await import('../src/features/bookings/DateRangeFields');
    const picker = renderToStaticMarkup(
      createElement(DatePicker, { label: 'Blocked until', value: '2026-11-05', onChange: () => {} }),
    );
    expect(picker).toContain('value="05-11-2026"');
    expect(picker).toContain('placeholder="DD-MM-YYYY"');
    const filters = renderToStaticMarkup(
      createElement(DateRangeFields, { from: '2026-11-05', to: '2026-12-31', onFrom: () => {}, onTo: () => {} }),
    );
    expect(filters).toContain('value="05-11-2026"');
    expect(filters).toContain('value="31-12-2026"');
    expect(filters).toContain('placeholder="DD-MM-YYYY"');
  });
});

describe('DateTextField', () => {
  it('shows DD-MM-YYYY HH:mm (its placeholder JJ-MM-AAAA HH:mm in French) and its calendar in the current language', async () => {
    const { createElement } = await import('react');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { DateTextField } = await import('../src/components/DateTextField');
    const { i18n } = await import('../src/i18n');
    const fr = (await import('@taxi/shared/locales/fr.json')).default as Record<string, string>;
    i18n.addResourceBundle('fr', 'translation', fr);
    await i18n.changeLanguage('fr');
    try {
      const html = renderToStaticMarkup(
        createElement(DateTextField, {
          kind: 'datetime',
          value: '2026-11-05T07:30',
          onChange: () => {},
          label: 'Expire le',
        }),
      );
      expect(html).toContain('value="05-11-2026 07:30"');
      expect(html).toContain('placeholder="JJ-MM-AAAA HH:mm"');
      expect(html).toContain('aria-label="Expire le : calendrier"');
      expect(html).toContain('type="datetime-local"');
      expect(html).not.toMatch(/type="date(time-local)?"[^>]*value="05/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
