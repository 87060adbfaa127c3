import type { BookingDto } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../api/endpoints';
import { type PickerOption, RemotePicker } from '../../components/pickers';

/** Bookings by number, passenger or captain (GET booking?search, every status). */
export function BookingPicker(props: {
  value: PickerOption | null;
  onChange: (value: PickerOption | null) => void;
  error?: string;
  label?: string;
  testId?: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  return (
    <RemotePicker<BookingDto>
      {...props}
      label={props.label ?? t('Booking')}
      endpoint={endpoints.bookings}
      query={{ perPage: 20, group: 'all' }}
      searchable
      what={t('The bookings list')}
      toOption={(b) => ({
        id: b.id,
        label: t('Booking #{{id}}', { id: b.id }),
        secondary: b.ride ? `${b.passenger.full_name} · ${b.ride.captain.full_name}` : b.passenger.full_name,
      })}
    />
  );
}
