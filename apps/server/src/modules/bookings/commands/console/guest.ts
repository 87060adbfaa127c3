import type { BookingCreate } from '@taxi/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../../db/client';
import { passengers } from '../../../../db/schema';

/**
 * The passenger of a booking taken for a traveller or a guest by a desk (airport, partner): the passenger
 * with this phone number, or a new unregistered one made with the booking.
 */
export async function guestPassenger(
  db: DbOrTx,
  guest: { first_name: string; last_name: string; phone_number: string },
): Promise<Pick<BookingCreate, 'passenger_id' | 'new_passenger'>> {
  const [known] = await db
    .select({ id: passengers.id })
    .from(passengers)
    .where(eq(passengers.phoneNumber, guest.phone_number))
    .limit(1);
  return known
    ? { passenger_id: known.id, new_passenger: null }
    : {
        passenger_id: null,
        new_passenger: { first_name: guest.first_name, last_name: guest.last_name, phone_number: guest.phone_number },
      };
}
