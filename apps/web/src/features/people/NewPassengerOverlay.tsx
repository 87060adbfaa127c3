import { Alert, Button, Snackbar } from '@mui/material';
import { EVENTS, hasIdDocs, type NewPassengerPayload, PEOPLE_MSG, passengerPolicy } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSocketEvent } from '../../api/socket';
import { usePolicy } from '../auth/currentUser';
import { usePeopleInvalidate } from './api';
import { PassengerConfirmationDialog } from './PassengerConfirmationDialog';

/**
 * On `Dashboard:new_passenger` for a passenger with an ID card image, the confirmation wizard opens by
 * itself (people.md §2); the alert says 'With Docs' or 'Without Docs'.
 */
export function NewPassengerOverlay() {
  const { t } = useTranslation();
  const allows = usePolicy();
  const invalidate = usePeopleInvalidate();
  const [alert, setAlert] = useState<NewPassengerPayload['passenger'] | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  useSocketEvent(EVENTS.newPassenger, (payload: NewPassengerPayload) => {
    // The wizard approves the passenger: passengerPolicy.change, the rule of its calls.
    if (!allows(passengerPolicy.change)) return;
    void invalidate.passengers();
    setAlert(payload.passenger);
    if (hasIdDocs(payload.passenger) && openId === null) setOpenId(payload.passenger.id);
  });
  return (
    <>
      <Snackbar
        open={alert !== null}
        autoHideDuration={8000}
        onClose={() => setAlert(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        {alert ? (
          <Alert
            severity={hasIdDocs(alert) ? 'info' : 'warning'}
            variant="filled"
            data-testid="new-passenger-alert"
            action={
              <Button color="inherit" size="small" onClick={() => setOpenId(alert.id)}>
                {t('Open')}
              </Button>
            }
          >
            {PEOPLE_MSG.newPassengerAlert(
              alert.full_name,
              hasIdDocs(alert) ? PEOPLE_MSG.withDocs : PEOPLE_MSG.withoutDocs,
            )}
          </Alert>
        ) : undefined}
      </Snackbar>
      <PassengerConfirmationDialog passengerId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
