import {
  BOOKING_UI,
  type BookingAction,
  type BookingDto,
  bookingPolicy,
  chatPolicy,
  pathTo,
  type RouteName,
  type Rule,
} from '@taxi/shared';
import type { ReminderKind } from './commands';

/** The dialogs a booking action (or a card link) opens. */
export type DialogKind =
  | 'cancel'
  | 'dispatch'
  | 'changeTime'
  | 'changeService'
  | 'suggestService'
  | 'airport'
  | 'acceptServiceChange';

/** What a command may use: the booking, the dialogs, the router and the direct writes. */
export interface ActionContext {
  booking: BookingDto;
  openDialog: (kind: DialogKind, id: number) => void;
  navigate: (path: string) => void;
  remind: (kind: ReminderKind, booking: BookingDto) => void;
  extend: (booking: BookingDto) => void;
  redispatch: (booking: BookingDto) => void;
}

interface ActionBase {
  /** Read at render time (a getter), so it follows the current language. */
  readonly label: string;
  /** The user's rule behind the action's call or page (with bookingPolicy.act and the status rules). */
  rule: Rule;
}
export type ActionSpec = ActionBase &
  ({ dialog: DialogKind; command?: never } | { dialog?: never; command: (ctx: ActionContext) => void });

const page = (name: RouteName) => (ctx: ActionContext) => ctx.navigate(pathTo(name, { id: ctx.booking.id }));

/**
 * Every booking action of the card menu, in menu order: its label, rule and what it does (a dialog or a
 * command). Keyed by BookingAction and checked exhaustively: a new action does not compile until it is here.
 */
export const BOOKING_ACTION_TABLE = {
  dispatch: {
    get label() {
      return BOOKING_UI.dispatch;
    },
    rule: bookingPolicy.change,
    dialog: 'dispatch',
  },
  redispatch: {
    get label() {
      return BOOKING_UI.redispatch;
    },
    rule: bookingPolicy.change,
    command: (ctx) => ctx.redispatch(ctx.booking),
  },
  cancel: {
    get label() {
      return BOOKING_UI.cancel;
    },
    rule: bookingPolicy.change,
    dialog: 'cancel',
  },
  pendingReminder: {
    get label() {
      return BOOKING_UI.pendingReminder;
    },
    rule: bookingPolicy.change,
    command: (ctx) => ctx.remind('pendingReminder', ctx.booking),
  },
  dispatchedReminder: {
    get label() {
      return BOOKING_UI.dispatchedReminder;
    },
    rule: bookingPolicy.change,
    command: (ctx) => ctx.remind('dispatchedReminder', ctx.booking),
  },
  extend: {
    get label() {
      return BOOKING_UI.extend;
    },
    rule: bookingPolicy.change,
    command: (ctx) => ctx.extend(ctx.booking),
  },
  changeTime: {
    get label() {
      return BOOKING_UI.changeTime;
    },
    rule: bookingPolicy.change,
    dialog: 'changeTime',
  },
  changeService: {
    get label() {
      return BOOKING_UI.changeService;
    },
    rule: bookingPolicy.change,
    dialog: 'changeService',
  },
  suggestService: {
    get label() {
      return BOOKING_UI.suggestService;
    },
    rule: bookingPolicy.change,
    dialog: 'suggestService',
  },
  logs: {
    get label() {
      return BOOKING_UI.logs;
    },
    rule: bookingPolicy.logs,
    command: page('BookingLog'),
  },
  bookingChat: {
    get label() {
      return BOOKING_UI.bookingChat;
    },
    rule: bookingPolicy.change,
    command: page('BookingChat'),
  },
  captainChat: {
    get label() {
      return BOOKING_UI.captainChat;
    },
    rule: chatPolicy.inbox,
    command: (ctx) =>
      ctx.navigate(`${pathTo('Messages')}?conversation=${ctx.booking.ride?.captain.conversation_id ?? ''}`),
  },
} as const satisfies Record<BookingAction, ActionSpec>;

/** The menu's order: the table's. */
export const MENU_ACTIONS = Object.keys(BOOKING_ACTION_TABLE) as BookingAction[];

/** Runs one action: opens its dialog or runs its command. */
export function runBookingAction(action: BookingAction, ctx: ActionContext): void {
  const spec: ActionSpec = BOOKING_ACTION_TABLE[action];
  if (spec.dialog) ctx.openDialog(spec.dialog, ctx.booking.id);
  else spec.command(ctx);
}
