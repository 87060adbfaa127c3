import { z } from 'zod';
import { EXCEPTION_KINDS } from '../exceptions';
import { bookingSchema } from './booking-dto';
import { envelope } from './envelope';

/** One row of the exceptions board: a booking that needs a dispatcher now, and why. */
export const bookingExceptionSchema = z
  .object({
    /** `kind:booking_id`: a booking is listed once per kind. */
    id: z.string(),
    kind: z.enum(EXCEPTION_KINDS),
    booking_id: z.number().int(),
    /** When it became an exception (EXCEPTION_STARTS): its age counts from there. */
    since: z.string(),
    /** The captain it is about: the ride's (late, not moving) or the one offered (a single offer). */
    captain_name: z.string().nullable(),
    /** The booking as the board shows it to this user (the card's actions and their rules read it). */
    booking: bookingSchema,
  })
  .meta({ id: 'BookingException' });

export const exceptionsContract = {
  /** GET exceptions: oldest first, at most EXCEPTIONS_LIMIT rows. */
  list: envelope(
    z.object({
      items: z.array(bookingExceptionSchema),
      /** Every current exception, also those beyond the limit. */
      total: z.number().int(),
      /** The server's clock when it computed the list (ages are counted against it). */
      now: z.string(),
      /** When a booking listed nowhere yet becomes an exception by time alone (the console looks again then). */
      next_check_at: z.string().nullable(),
    }),
  ),
};

/** The `data` of GET exceptions. */
export type ExceptionListDto = z.infer<typeof exceptionsContract.list>['data'];
