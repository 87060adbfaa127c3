import type { BookingAction, BookingDto } from '@taxi/shared';
import { useNavigate } from 'react-router';
import { usePolicy } from '../auth/currentUser';
import { MENU_ACTIONS, runBookingAction } from './actionTable';
import { useExtend, useRedispatch, useRemind } from './commands';
import { useOpenDialog } from './dialogContext';
import { isActionVisible } from './visibility';

/**
 * The actions of one booking for this user and its status, in the table's order (actionTable.ts), and how to
 * run one: the card's menu and the ride page read the same list, open the same dialogs and run the same commands.
 * Called at render, so a status that changes (a live event merged into the cache) changes the list.
 */
export function useBookingActions(booking: BookingDto): {
  visible: BookingAction[];
  run: (action: BookingAction) => void;
} {
  const allows = usePolicy();
  const openDialog = useOpenDialog();
  const navigate = useNavigate();
  const remind = useRemind();
  const extend = useExtend();
  const redispatch = useRedispatch();
  const visible = MENU_ACTIONS.filter((action) => isActionVisible(action, booking, allows));
  const context = { booking, openDialog, navigate, remind, extend: extend.mutate, redispatch: redispatch.mutate };
  return { visible, run: (action) => runBookingAction(action, context) };
}
