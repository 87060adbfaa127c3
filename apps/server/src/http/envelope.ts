import type { Envelope } from '@taxi/shared';

/** The success envelope: `{data, message}`. */
export function ok<T>(data: T, message?: string): Envelope<T> {
  return message === undefined ? { data } : { data, message };
}
