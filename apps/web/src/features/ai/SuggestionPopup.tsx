import { Box, Button } from '@mui/material';
import { AI_LABELS, BOOKING_MSG, type SuggestionPopupPayload } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { aiApi } from './api';
import { Field, PopupFrame, type QueueNav, useAction } from './PopupFrame';
import { useCountdown } from './useCountdown';

/** Time-suggestion reminder popup (and service-change popup): at zero it acts as snooze (AiPopups). */
export function SuggestionPopup({
  popup,
  nav,
  onDone,
}: {
  popup: SuggestionPopupPayload;
  nav: QueueNav;
  onDone: () => void;
}) {
  const seconds = useCountdown(popup.countdown_until);
  const { busy, run } = useAction(onDone);
  const snooze = () => run(() => aiApi.snooze(popup.booking_id));
  const title =
    popup.type === 'service_change' ? AI_LABELS.serviceTitle(popup.booking_id) : AI_LABELS.timeTitle(popup.booking_id);
  return (
    <PopupFrame
      testId="ai-suggestion-popup"
      title={title}
      seconds={seconds}
      total={popup.countdown_seconds}
      nav={nav}
      width={600}
      actions={
        <>
          <Button color="inherit" disabled={busy} onClick={snooze}>
            {BOOKING_MSG.noResponseYet}
          </Button>
          <Button
            color="error"
            variant="outlined"
            disabled={busy}
            onClick={() => run(() => aiApi.refuse(popup.booking_id))}
          >
            {BOOKING_MSG.passengerSaidNo}
          </Button>
          <Button variant="contained" disabled={busy} onClick={() => run(() => aiApi.confirm(popup.booking_id))}>
            {BOOKING_MSG.passengerSaidOk}
          </Button>
        </>
      }
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
        <Field label={AI_LABELS.passenger}>{popup.passenger_name}</Field>
        <Field label={AI_LABELS.whatsapp}>{popup.passenger_whatsapp}</Field>
        <Field label={AI_LABELS.captain}>{popup.captain_name}</Field>
        {popup.new_service ? <Field label={AI_LABELS.newService}>{dataLabel(popup.new_service)}</Field> : <Box />}
        <Field label={AI_LABELS.originalTime}>{popup.original_time}</Field>
        <Field label={AI_LABELS.newTime}>
          <Box component="span" sx={{ color: 'primary.main', fontWeight: 700 }}>
            {popup.new_time}
          </Box>
        </Field>
      </Box>
    </PopupFrame>
  );
}
