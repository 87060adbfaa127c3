import { z } from 'zod';
import { SEASONS } from '../constants';
import { SETTING_GROUPS } from '../settings';
import { envelope } from './envelope';

export const settingsContract = {
  /** The value of one setting, as stored (a string). */
  get: envelope(z.string()),
  season: envelope(z.object({ season: z.enum(SEASONS) })),
  /** One group's typed values, by key (numbers for the int settings, strings for the others). */
  group: envelope(
    z
      .object({
        group: z.enum(SETTING_GROUPS),
        values: z.record(z.string(), z.union([z.number(), z.string()])),
      })
      .meta({ id: 'SettingsGroup' }),
  ),
};
