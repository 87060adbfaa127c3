import { z } from 'zod';
import { SEASONS } from '../constants';
import { envelope } from './envelope';

export const settingsContract = {
  /** The value of one setting, as stored (a string). */
  get: envelope(z.string()),
  season: envelope(z.object({ season: z.enum(SEASONS) })),
};
