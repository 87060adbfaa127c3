import type { BookingDto } from '@taxi/shared';
import type { Db } from '../../../db/client';
import type { EventContext } from '../../../events';
import { presentBooking } from '../presenter';
import { findBooking } from '../store';

/** The per-command context of the event bus: each booking presented once (detail or list shape). */
export function bookingViews(db: Db): () => EventContext {
  return () => {
    const seen = new Map<string, Promise<BookingDto>>();
    return {
      booking(id, detail = false) {
        const key = `${id}:${detail}`;
        let dto = seen.get(key);
        if (!dto) {
          dto = findBooking(db, id).then((row) => presentBooking(db, row, { detail }));
          seen.set(key, dto);
        }
        return dto;
      },
    };
  };
}
