import { dateToCityLocal } from '@taxi/shared';

/** Today in the city, YYYY-MM-DD. */
export const cityToday = (now = Date.now()) => dateToCityLocal(new Date(now)).slice(0, 10);

/** A city day `days` before `day`. */
export function daysBefore(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

export const PRESETS = { today: 1, week: 7, month: 30 } as const;
export type Preset = keyof typeof PRESETS;

/** The period a preset covers, ending today. */
export function presetPeriod(preset: Preset, today = cityToday()): { from: string; to: string } {
  return { from: daysBefore(today, PRESETS[preset] - 1), to: today };
}
