import {
  BOOKING_COLOURS,
  type BookingStatus,
  CANCELLED_STATUSES,
  dateToCityLocal,
  ORDER_TIME_FORMAT,
  TIME_FORMATS,
} from '@taxi/shared';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** The city's wall-clock time of an instant as a naive dayjs (so formatting never shifts the zone). */
export function cityDayjs(iso: string): dayjs.Dayjs {
  return dayjs(dateToCityLocal(iso), TIME_FORMATS.dateTime);
}

/** Order times: 'HH h mm - DD/MM/YYYY' (bookings.md §9). */
export function orderTime(iso: string | null | undefined): string {
  return iso ? cityDayjs(iso).format(ORDER_TIME_FORMAT) : '';
}

export function cityDateTime(iso: string | null | undefined): string {
  return iso ? dateToCityLocal(iso) : '';
}

/** Status colour of the shell's booking colour indicators. */
export function statusColour(status: BookingStatus): string {
  switch (status) {
    case 'PENDING':
      return BOOKING_COLOURS.PENDING;
    case 'APPROVED':
    case 'ACCEPTED':
      return BOOKING_COLOURS.CONFIRMED;
    case 'STARTED':
      return BOOKING_COLOURS.STARTED;
    case 'ARRIVED':
      return BOOKING_COLOURS.ARRIVED;
    case 'PICKED_UP':
      return BOOKING_COLOURS.PICKED_UP;
    case 'DONE':
    case 'PAID':
    case 'AT_DESTINATION':
      return BOOKING_COLOURS.DONE;
    default:
      return CANCELLED_STATUSES.includes(status) ? '#455a64' : BOOKING_COLOURS.CONFIRMED;
  }
}
