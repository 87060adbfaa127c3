import { Button, Dialog, DialogActions, DialogContent, type DialogProps, DialogTitle } from '@mui/material';
import { BOOKING_UI } from '@taxi/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface PanelProps {
  title: ReactNode;
  onClose: () => void;
  /** Buttons after Close. */
  actions?: ReactNode;
  dividers?: boolean;
  children: ReactNode;
}

/** A booking dialog's title, content and actions: Close, then the dialog's own buttons. */
export function DialogPanel({ title, onClose, actions, dividers, children }: PanelProps) {
  useTranslation(); // re-render on a language change (the shared texts are read at render)
  return (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers={dividers}>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{BOOKING_UI.close}</Button>
        {actions}
      </DialogActions>
    </>
  );
}

/** An open booking dialog (full width) around a DialogPanel. */
export function BookingDialog({ maxWidth = 'xs', ...panel }: PanelProps & { maxWidth?: DialogProps['maxWidth'] }) {
  return (
    <Dialog open onClose={panel.onClose} fullWidth maxWidth={maxWidth}>
      <DialogPanel {...panel} />
    </Dialog>
  );
}
