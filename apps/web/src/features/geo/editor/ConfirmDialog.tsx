import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';

/** A question before something is lost: "keep" (focused, the safe answer) or the red "confirm". */
export function ConfirmDialog({
  open,
  title,
  text,
  keepLabel,
  confirmLabel,
  confirmTestId,
  onConfirm,
  onKeep,
}: {
  open: boolean;
  title: string;
  text: string;
  keepLabel: string;
  confirmLabel: string;
  confirmTestId: string;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onKeep} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} autoFocus>
          {keepLabel}
        </Button>
        <Button color="error" onClick={onConfirm} data-testid={confirmTestId}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
