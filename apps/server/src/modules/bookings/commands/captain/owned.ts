import { AI_MSG } from '@taxi/shared';
import { HttpError } from '../../../../http/errors';
import type { BookingRow } from '../../presenter';
import { type BookingDeps, captainOf, findBooking } from '../../store';

/** The booking, when its ride is this captain's; 403 otherwise. */
export async function ownedBooking(deps: BookingDeps, id: number, captainId: number): Promise<BookingRow> {
  const booking = await findBooking(deps.db, id);
  if ((await captainOf(deps.db, id)) !== captainId) throw new HttpError(403, AI_MSG.notYourBooking);
  return booking;
}
