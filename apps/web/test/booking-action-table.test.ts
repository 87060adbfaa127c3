import { BOOKING_ACTIONS, BOOKING_UI, type BookingDto } from '@taxi/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  type ActionContext,
  BOOKING_ACTION_TABLE,
  MENU_ACTIONS,
  runBookingAction,
} from '../src/features/bookings/actionTable';

function context(): ActionContext {
  return {
    booking: { id: 42 } as BookingDto,
    openDialog: vi.fn(),
    navigate: vi.fn(),
    remind: vi.fn(),
    extend: vi.fn(),
    redispatch: vi.fn(),
  };
}

describe('the booking action table', () => {
  it('has one row per booking action, labelled from the shared catalogue', () => {
    expect([...MENU_ACTIONS].sort()).toEqual([...BOOKING_ACTIONS].sort());
    for (const action of BOOKING_ACTIONS) expect(BOOKING_ACTION_TABLE[action].label).toBe(BOOKING_UI[action]);
  });

  it('opens the dialog of a dialog action', () => {
    for (const action of ['cancel', 'dispatch', 'changeTime', 'changeService', 'suggestService'] as const) {
      const ctx = context();
      runBookingAction(action, ctx);
      expect(ctx.openDialog).toHaveBeenCalledWith(action, 42);
    }
  });

  it('runs the command of a direct action', () => {
    const ctx = context();
    runBookingAction('pendingReminder', ctx);
    runBookingAction('dispatchedReminder', ctx);
    runBookingAction('extend', ctx);
    runBookingAction('redispatch', ctx);
    runBookingAction('logs', ctx);
    runBookingAction('bookingChat', ctx);
    expect(ctx.remind).toHaveBeenNthCalledWith(1, 'pendingReminder', ctx.booking);
    expect(ctx.remind).toHaveBeenNthCalledWith(2, 'dispatchedReminder', ctx.booking);
    expect(ctx.extend).toHaveBeenCalledWith(ctx.booking);
    expect(ctx.redispatch).toHaveBeenCalledWith(ctx.booking);
    expect(ctx.navigate).toHaveBeenNthCalledWith(1, '/log/42');
    expect(ctx.navigate).toHaveBeenNthCalledWith(2, '/booking-chat/42');
    expect(ctx.openDialog).not.toHaveBeenCalled();
  });
});
