import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Button, Chip, Tooltip } from '@mui/material';
import { BOOKING_UI, type BookingDto, NOT_MOVING, NOT_MOVING_UI } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { usePolicy } from '../auth/currentUser';
import { useRedispatch } from './commands';
import { isActionVisible } from './visibility';

/** The card's warning that the captain on the way has not moved since the dispatch, and its re-dispatch. */
export function NotMovingWarning({ booking }: { booking: BookingDto }) {
  useTranslation();
  const allows = usePolicy();
  const redispatch = useRedispatch();
  if (!booking.not_moving) return null;
  const hint = NOT_MOVING_UI.hint(NOT_MOVING.metres, NOT_MOVING.afterS);
  return (
    <>
      <Tooltip title={hint}>
        <Chip
          size="small"
          color="warning"
          icon={<WarningAmberIcon />}
          label={NOT_MOVING_UI.chip}
          aria-label={`${NOT_MOVING_UI.chip}: ${hint}`}
          data-testid="not-moving"
          sx={{ height: 22 }}
        />
      </Tooltip>
      {isActionVisible('redispatch', booking, allows) && (
        <Button
          size="small"
          variant="outlined"
          color="warning"
          disabled={redispatch.isPending}
          onClick={() => redispatch.mutate(booking)}
          data-testid="redispatch"
          sx={{ py: 0, height: 22, fontSize: 12 }}
        >
          {BOOKING_UI.redispatch}
        </Button>
      )}
    </>
  );
}
