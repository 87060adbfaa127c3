import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { bookingRef } from './bookings';
import { ts } from './columns';
import { captains, services } from './people';
import { users } from './users';

/** AI suggestions (the AI dispatch, time-suggestion and service-change popups); lifecycle in @taxi/shared ai.ts. */
export const aiSuggestions = pgTable(
  'ai_suggestions',
  {
    id: serial('id').primaryKey(),
    bookingId: bookingRef(),
    captainId: integer('captain_id')
      .notNull()
      .references(() => captains.id),
    kind: text('kind').notNull().default('dispatch'),
    status: text('status').notNull().default('PROPOSED'),
    minPickUpTime: ts('min_pick_up_time').notNull(),
    maxPickUpTime: ts('max_pick_up_time').notNull(),
    minDropOffTime: ts('min_drop_off_time'),
    maxDropOffTime: ts('max_drop_off_time'),
    /** Seconds from the captain to the pickup. */
    etaSeconds: integer('eta_seconds').notNull(),
    tripSeconds: integer('trip_seconds'),
    originalTime: ts('original_time'),
    newTime: ts('new_time'),
    /** Service-change suggestion: the service the captain drives, the passenger must accept it. */
    newServiceId: integer('new_service_id').references(() => services.id),
    countdownUntil: ts('countdown_until').notNull(),
    decidedById: integer('decided_by_id').references(() => users.id),
    /**
     * Round robin (setting AI_POPUP_AUDIENCE): the operator whose turn the popup was, and when it was offered
     * (the next popup goes to the next operator). Null when it was offered to every operator whose AI is on.
     */
    offeredToId: integer('offered_to_id').references(() => users.id, { onDelete: 'set null' }),
    offeredAt: ts('offered_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('ai_suggestions_booking_idx').on(t.bookingId),
    index('ai_suggestions_status_idx').on(t.status, t.countdownUntil),
    index('ai_suggestions_offered_idx').on(t.offeredAt),
  ],
);
