import { Chip } from '@mui/material';
import { BOOKING_UI, type BookingDto } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../i18n/format';

/** The card's driver search (besoin): until when it lasts, which 'Extend waiting time' moves. */
export function BesoinChip({ booking, height }: { booking: BookingDto; height: number }) {
  const { t } = useTranslation();
  if (!booking.besoin) return null;
  const label = booking.besoin_date
    ? t('Driver search until {{time}}', { time: formatTime(booking.besoin_date) })
    : BOOKING_UI.besoin;
  return <Chip size="small" color="info" variant="outlined" label={label} data-testid="besoin" sx={{ height }} />;
}
