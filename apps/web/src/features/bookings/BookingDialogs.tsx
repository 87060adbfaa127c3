import { type ComponentType, type ReactNode, useCallback, useState } from 'react';
import { AirportDialog } from './AirportDialog';
import type { DialogKind } from './actionTable';
import { useBooking } from './api';
import { CancelDialog, DispatchDialog } from './CancelDispatchDialogs';
import { AcceptServiceChangeDialog, ChangeTimeDialog, ServiceDialog } from './ChangeDialogs';
import { type DialogProps, OpenDialogContext } from './dialogContext';

/** Each dialog kind's component, checked exhaustively against DialogKind. */
const DIALOGS = {
  cancel: CancelDialog,
  dispatch: DispatchDialog,
  changeTime: ChangeTimeDialog,
  changeService: (props) => <ServiceDialog {...props} mode="change" />,
  suggestService: (props) => <ServiceDialog {...props} mode="suggest" />,
  airport: AirportDialog,
  acceptServiceChange: AcceptServiceChangeDialog,
} satisfies Record<DialogKind, ComponentType<DialogProps>>;

interface Open {
  kind: DialogKind;
  id: number;
}

/** Provides `openDialog(kind, id)` to the cards below it and renders the one open dialog. */
export function BookingDialogs({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open | null>(null);
  const openDialog = useCallback((kind: DialogKind, id: number) => setOpen({ kind, id }), []);
  const close = useCallback(() => setOpen(null), []);
  return (
    <OpenDialogContext.Provider value={openDialog}>
      {children}
      {open && <OpenDialog key={`${open.kind}-${open.id}`} open={open} close={close} />}
    </OpenDialogContext.Provider>
  );
}

function OpenDialog({ open, close }: { open: Open; close: () => void }) {
  const { data: booking } = useBooking(open.id);
  if (!booking) return null;
  const Dialog: ComponentType<DialogProps> = DIALOGS[open.kind];
  return <Dialog booking={booking} close={close} />;
}
