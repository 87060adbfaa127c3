import type { BookingDto } from '@taxi/shared';
import { createContext, useContext } from 'react';
import type { DialogKind } from './actionTable';

export type { DialogKind } from './actionTable';

/** Opens a booking dialog; provided once by the page that shows cards. Stable across renders. */
export const OpenDialogContext = createContext<(kind: DialogKind, id: number) => void>(() => {});
export function useOpenDialog() {
  return useContext(OpenDialogContext);
}

/** What every booking dialog gets: the booking (from the cache) and how to close. */
export interface DialogProps {
  booking: BookingDto;
  close: () => void;
}
