import CloseIcon from '@mui/icons-material/Close';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Dialog, DialogContent, DialogTitle, IconButton, Stack, Tooltip } from '@mui/material';
import { pathTo, RIDE_UI } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RideDetails } from './RideDetails';
import { closeRideDialog, useRideDialogId } from './rideDialog';

/** The ride page dialog overlay: the ride details of one booking over the current page. */
export function RideDialog() {
  const id = useRideDialogId();
  useTranslation();
  return (
    <Dialog open={id !== null} onClose={closeRideDialog} fullWidth maxWidth="xl" aria-labelledby="ride-dialog-title">
      {id !== null && (
        <>
          <DialogTitle id="ride-dialog-title">
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              {RIDE_UI.title(id)}
              <Stack direction="row">
                <Tooltip title={RIDE_UI.openPage}>
                  <IconButton component={RouterLink} to={pathTo('Details', { id })} onClick={closeRideDialog}>
                    <OpenInNewIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={RIDE_UI.close}>
                  <IconButton onClick={closeRideDialog} aria-label={RIDE_UI.close}>
                    <CloseIcon />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Stack>
          </DialogTitle>
          <DialogContent dividers>
            <RideDetails bookingId={id} mapHeight={360} />
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
