import { z } from 'zod';
import { cityLocalToDate } from '../city-time';
import { tr } from '../i18n';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** An optional query value: blank is absent. */
export const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess(blank, schema.optional());

/** An optional city day `YYYY-MM-DD` of a list's filter (blank: none). */
export const optionalCityDay = () =>
  optionalFilter(
    z
      .string()
      .max(10)
      .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && cityLocalToDate(v) !== null, {
        message: tr('Use the format {{format}}', { format: 'YYYY-MM-DD' }),
      }),
  );
