import {
  AI_ANSWERED_KINDS,
  AI_MSG,
  AI_OPEN_STATUSES,
  type AiStatus,
  type AiSuggestionKind,
  type AiSuggestionStatus,
  type BookingDto,
  canMoveAi,
  snoozeMinutesOf,
} from '@taxi/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { aiSuggestions, users } from '../../db/schema';
import { conflict } from '../../http/errors';
import { dateOf } from '../../lib/clock';
import { type Actor, AI_ACTOR, type AiDeps, MIN, type SuggestionRow } from './context';

/** Compare-and-set of a suggestion's status along the state machine; null when it moved meanwhile. */
async function move(
  ai: AiDeps,
  s: SuggestionRow,
  to: AiSuggestionStatus,
  actorId: number | null,
  extra: Partial<typeof aiSuggestions.$inferInsert> = {},
): Promise<SuggestionRow | null> {
  const from = AI_OPEN_STATUSES.filter((f) => canMoveAi(f, to));
  if (from.length === 0) return null;
  const [row] = await ai.db
    .update(aiSuggestions)
    .set({ ...extra, status: to, decidedById: actorId || null, updatedAt: dateOf(ai.clock) })
    .where(and(eq(aiSuggestions.id, s.id), inArray(aiSuggestions.status, from)))
    .returning();
  return row ?? null;
}

/** `move`, or 409 when the suggestion is no longer open for that step. */
async function moveOpen(...args: Parameters<typeof move>): Promise<SuggestionRow> {
  const row = await move(...args);
  if (!row) throw conflict(AI_MSG.noSuggestion);
  return row;
}

/** Tells the consoles a suggestion left the popup (ai.suggestionMoved). */
const moved = (ai: AiDeps, s: SuggestionRow, status: AiSuggestionStatus) =>
  ai.bus.publish([{ name: 'ai.suggestionMoved', payload: { bookingId: s.bookingId, suggestionId: s.id, status } }]);

/** Ends a suggestion without dispatch: the captain is released, consoles close the popup. */
export async function endSuggestion(
  ai: AiDeps,
  s: SuggestionRow,
  to: 'EXPIRED' | 'REFUSED',
  actorId: number | null,
): Promise<boolean> {
  const row = await move(ai, s, to, actorId);
  if (!row) return false;
  await ai.bookings.releaseHold(s.bookingId, s.captainId);
  await moved(ai, s, to);
  return true;
}

/**
 * The booking left PENDING by another way than the AI (a human dispatched or cancelled it): its open suggestions end
 * as EXPIRED at once, so every console's queue drops the popup (Ai:pass_suggestion) without waiting for the sweep.
 */
export async function endOpenSuggestions(ai: AiDeps, bookingId: number): Promise<void> {
  const open = await ai.db
    .select()
    .from(aiSuggestions)
    .where(and(eq(aiSuggestions.bookingId, bookingId), inArray(aiSuggestions.status, [...AI_OPEN_STATUSES])));
  for (const s of open) await endSuggestion(ai, s, 'EXPIRED', null);
}

/** A dispatch suggestion whose snooze ran out opens again with a new countdown. */
export async function repropose(ai: AiDeps, s: SuggestionRow): Promise<void> {
  const until = new Date(ai.clock.now() + (await ai.config.current()).popupMs);
  const row = await move(ai, s, 'PROPOSED', null, { countdownUntil: until });
  if (row) await ai.bus.publish([{ name: 'ai.suggestionProposed', payload: { suggestion: row } }]);
}

/** The open suggestion of a booking (newest), or 409. */
export async function openOf(ai: AiDeps, bookingId: number): Promise<SuggestionRow> {
  const [s] = await ai.db
    .select()
    .from(aiSuggestions)
    .where(and(eq(aiSuggestions.bookingId, bookingId), inArray(aiSuggestions.status, [...AI_OPEN_STATUSES])))
    .orderBy(sql`${aiSuggestions.id} desc`)
    .limit(1);
  if (!s) throw conflict(AI_MSG.noSuggestion);
  return s;
}

/** The open suggestion of an existing booking: 404 for an unknown booking, 409 without one. */
async function openOfBooking(ai: AiDeps, bookingId: number): Promise<SuggestionRow> {
  await ai.bookings.find(bookingId);
  return openOf(ai, bookingId);
}

/**
 * Dispatches the booking to the suggested captain: 'Ok, Let AI Dispatch it' (any open suggestion), a
 * client's Ai:pass_booking or the countdown (only a PROPOSED one: a snoozed suggestion waits). The
 * booking's dispatch is the compare-and-set: a human dispatching at the same time makes this a 409.
 */
export async function pass(
  ai: AiDeps,
  bookingId: number,
  actor: Actor,
  via: 'operator' | 'client' | 'timer',
): Promise<BookingDto> {
  const s = await openOfBooking(ai, bookingId);
  if (via !== 'operator' && s.status !== 'PROPOSED') throw conflict(AI_MSG.noSuggestion);
  // A suggestion the passenger must accept is never dispatched as it stands (a service change would
  // hand the booking to a captain of another service); the operator's 'Ok' stays for time changes.
  if (s.kind === 'service_change' || (via !== 'operator' && s.kind !== 'dispatch')) throw conflict(AI_MSG.needsAnswer);
  // A countdown that ran out (a console's Ai:pass_booking or the sweep) is nobody's click: the AI is the doer.
  const doer = via === 'operator' ? actor : AI_ACTOR;
  await moveOpen(ai, s, 'DISPATCHED', doer.id);
  try {
    const dto = await ai.bookings.dispatch(doer, bookingId, s.captainId);
    await moved(ai, s, 'DISPATCHED');
    return dto;
  } catch (error) {
    // Someone else dispatched (or cancelled) first: the suggestion ends, the 409 goes to the caller.
    await ai.db
      .update(aiSuggestions)
      .set({ status: 'EXPIRED', updatedAt: dateOf(ai.clock) })
      .where(eq(aiSuggestions.id, s.id));
    await ai.bookings.releaseHold(bookingId, s.captainId);
    await moved(ai, s, 'EXPIRED');
    throw error;
  }
}

/** The suggestion waits `minutes` (SNOOZED) before it opens again. */
export async function snoozeSuggestion(ai: AiDeps, s: SuggestionRow, minutes: number, actorId: number | null) {
  const until = new Date(ai.clock.now() + minutes * MIN);
  const row = await moveOpen(ai, s, 'SNOOZED', actorId, { countdownUntil: until });
  await moved(ai, s, 'SNOOZED');
  return row;
}

/** POST booking/{id}/snooze: the suggestion waits the user's snooze interval; the user's AI status records it. */
export async function snooze(
  ai: AiDeps,
  user: Actor,
  bookingId: number,
): Promise<{ minutes: number; ai_status: AiStatus }> {
  const s = await openOfBooking(ai, bookingId);
  if (s.status !== 'PROPOSED') throw conflict(AI_MSG.noSuggestion);
  const [u] = await ai.db.select({ interval: users.snoozeInterval }).from(users).where(eq(users.id, user.id));
  const minutes = snoozeMinutesOf(u?.interval ?? 0, (await ai.config.current()).snoozeMinutes);
  await snoozeSuggestion(ai, s, minutes, user.id);
  const ai_status = await ai.users.setAiStatus(user.id, { snoozed_at: dateOf(ai.clock) }, user.id);
  return { minutes, ai_status };
}

/**
 * POST booking/{id}/confirm_suggestion: the passenger said ok — the new time (and service, for a service
 * change) applies and the booking goes to the suggested captain, in one transaction. When that dispatch is
 * refused nothing of it applies: the suggestion ends as EXPIRED (it cannot be confirmed again: its captain is
 * released, the popups close) and the refusal goes to the caller; the AI offers the booking anew.
 */
export async function confirm(
  ai: AiDeps,
  user: Actor,
  bookingId: number,
): Promise<{ booking: BookingDto; message: string }> {
  const s = await openOfBooking(ai, bookingId);
  if (!AI_ANSWERED_KINDS.includes(s.kind as AiSuggestionKind) || !s.newTime) throw conflict(AI_MSG.notTimeChange);
  // Accepting changes the order's time or service: the Goverment role may not (bookings.md §6).
  ai.bookings.authorizeRole(user, s.kind === 'service_change' ? 'changeService' : 'changeTime');
  // The compare-and-set first: of two operators answering at once, one confirms, the other gets 409.
  await moveOpen(ai, s, 'CONFIRMED', user.id);
  let booking: BookingDto;
  try {
    booking = await ai.bookings.applySuggestion(
      user,
      bookingId,
      { datetime: s.newTime, serviceId: s.newServiceId },
      s.captainId,
    );
  } catch (error) {
    await ai.db
      .update(aiSuggestions)
      .set({ status: 'EXPIRED', updatedAt: dateOf(ai.clock) })
      .where(eq(aiSuggestions.id, s.id));
    await ai.bookings.releaseHold(bookingId, s.captainId);
    await moved(ai, s, 'EXPIRED');
    throw error;
  }
  await moved(ai, s, 'CONFIRMED');
  const message = s.newServiceId ? AI_MSG.serviceConfirmed(booking.service?.name ?? '') : AI_MSG.confirmed;
  return { booking, message };
}

/**
 * POST booking/{id}/refuse_suggestion: the passenger said NO — the booking keeps its time and service,
 * the captain is released; a refused service is not suggested again for this booking.
 */
export async function refuse(
  ai: AiDeps,
  user: Actor,
  bookingId: number,
): Promise<{ booking: BookingDto; message: string }> {
  const s = await openOfBooking(ai, bookingId);
  if (!(await endSuggestion(ai, s, 'REFUSED', user.id))) throw conflict(AI_MSG.noSuggestion);
  const booking = await ai.bookings.show(bookingId);
  return { booking, message: s.kind === 'service_change' ? AI_MSG.serviceRefused : AI_MSG.refused };
}
