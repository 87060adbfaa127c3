import {
  type AiDispatchPopupPayload,
  aiPolicy,
  aiStateOf,
  EVENTS,
  popupDueFor,
  type SuggestionPopupPayload,
} from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import { and, asc, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { aiSuggestions, bookingSuggestions, bookings, captains, passengers, services, users } from '../../db/schema';
import { dateOf } from '../../lib/clock';
import { permissionsOfRole, rolesOfUser } from '../users/queries';
import { type AiDeps, cityParts, fullName, type SuggestionRow } from './context';

/** The captain's live position, else their last saved one, else `fallback`. */
export async function captainPosition(ai: AiDeps, captainId: number, fallback: LonLat): Promise<LonLat> {
  const live = await ai.locations.index.get(captainId);
  if (live) return [live.lon, live.lat];
  const [c] = await ai.db
    .select({ lon: captains.lastLon, lat: captains.lastLat })
    .from(captains)
    .where(eq(captains.id, captainId));
  return c?.lon != null && c.lat != null ? [c.lon, c.lat] : fallback;
}

/** The popup payload of a suggestion (dispatch popup, time-suggestion reminder or service-change popup). */
export async function popupOf(ai: AiDeps, s: SuggestionRow): Promise<AiDispatchPopupPayload | SuggestionPopupPayload> {
  const [row] = await ai.db
    .select({ b: bookings, p: passengers, c: captains })
    .from(bookings)
    .innerJoin(passengers, eq(passengers.id, bookings.passengerId))
    .innerJoin(captains, eq(captains.id, sql`${s.captainId}`))
    .where(eq(bookings.id, s.bookingId));
  const { b, p, c } = row;
  const passengerName = fullName(p.firstName, p.lastName);
  const countdownSeconds = Math.round((await ai.config.current()).popupMs / 1000);
  const captainName = fullName(c.firstName, c.lastName);
  if (s.kind === 'time_change' || s.kind === 'service_change') {
    const [service] = s.newServiceId
      ? await ai.db.select({ name: services.name }).from(services).where(eq(services.id, s.newServiceId))
      : [];
    return {
      type: s.kind,
      id: s.id,
      booking_id: b.id,
      passenger_name: passengerName,
      passenger_whatsapp: p.whatsappNumber ?? p.phoneNumber ?? null,
      captain_name: captainName,
      original_time: cityParts(s.originalTime ?? b.datetime).local,
      new_time: cityParts(s.newTime ?? b.datetime).local,
      new_service: service?.name ?? null,
      countdown_until: s.countdownUntil.toISOString(),
      countdown_seconds: countdownSeconds,
    };
  }
  const at = await captainPosition(ai, c.id, [b.pickUpLon, b.pickUpLat]);
  // The score the AI offered the captain the booking on (their latest offer of it).
  const [offer] = await ai.db
    .select({ score: bookingSuggestions.score })
    .from(bookingSuggestions)
    .where(and(eq(bookingSuggestions.bookingId, b.id), eq(bookingSuggestions.captainId, c.id)))
    .orderBy(desc(bookingSuggestions.id))
    .limit(1);
  const when = cityParts(b.datetime);
  const hm = (d: Date | null) => (d ? cityParts(d).time : null);
  return {
    type: 'dispatch',
    id: s.id,
    booking_id: b.id,
    now: b.now,
    date: when.date,
    time: when.time,
    min_pick_up_time: hm(s.minPickUpTime) as string,
    max_pick_up_time: hm(s.maxPickUpTime) as string,
    min_drop_off_time: hm(s.minDropOffTime),
    max_drop_off_time: hm(s.maxDropOffTime),
    eta: Math.max(1, Math.round(s.etaSeconds / 60)),
    trip_minutes: s.tripSeconds === null ? null : Math.max(1, Math.round(s.tripSeconds / 60)),
    pick_up_location_name: b.pickUpLocationName,
    pick_up_location_details: b.pickUpLocationDetails,
    pull_down_location_name: b.pullDownLocationName,
    pull_down_location_details: b.pullDownLocationDetails,
    pick_up_location: { coordinates: [b.pickUpLon, b.pickUpLat] },
    pull_down_location:
      b.pullDownLon != null && b.pullDownLat != null ? { coordinates: [b.pullDownLon, b.pullDownLat] } : null,
    passenger_name: passengerName,
    captain: {
      id: c.id,
      first_name: c.firstName,
      last_name: c.lastName,
      current_location_name: ai.city.nearestPlace(at)?.place.name ?? null,
      current_location: { coordinates: at },
    },
    countdown_until: s.countdownUntil.toISOString(),
    countdown_seconds: countdownSeconds,
    score: offer?.score ?? null,
  };
}

/**
 * Users who get AI popups now: those aiPolicy.popups allows (never the Goverment role nor the airport
 * desk), active, online (signed in and not switched to offline), whose AI is on (not stopped, not
 * snoozed); with their popup interval. The popups are
 * emitted to their consoles' rooms, so only connected users see them.
 */
export async function operatorsOn(ai: AiDeps, now: Date): Promise<{ id: number; dispatchInterval: number }[]> {
  const rows = await ai.db
    .select({
      id: users.id,
      snoozedAt: users.snoozedAt,
      interval: users.snoozeInterval,
      dispatchInterval: users.dispatchInterval,
    })
    .from(users)
    .where(and(eq(users.aiStopped, '0'), eq(users.active, true), eq(users.online, true)));
  const on = rows.filter(
    (u) =>
      aiStateOf(
        { ai_stopped: '0', snoozed_at: u.snoozedAt?.toISOString() ?? null, snooze_interval: u.interval },
        now.getTime(),
      ).state === 'on',
  );
  const allowed = await Promise.all(on.map((u) => receivesPopups(ai, u.id)));
  return on.filter((_, i) => allowed[i]);
}

async function receivesPopups(ai: AiDeps, userId: number): Promise<boolean> {
  const roles = await rolesOfUser(ai.db, userId);
  const permissions = await permissionsOfRole(ai.db, roles[0]?.id);
  return aiPolicy.popups.allows({ id: userId, roles, permissions });
}

/**
 * Shows the popup to the operators whose AI is on and who want popups for this order now: every one of them, or
 * (setting AI_POPUP_AUDIENCE round_robin) the next of them in turn. A popup its operator leaves unanswered runs out
 * as any other (a dispatch suggestion passes at zero, a time or service change is snoozed).
 */
export async function announce(ai: AiDeps, s: SuggestionRow): Promise<void> {
  const payload = await popupOf(ai, s);
  const booking = await ai.bookings.find(s.bookingId);
  const event = s.kind === 'dispatch' && booking.now ? EVENTS.aiNewNowBooking : EVENTS.aiNewSuggestion;
  const now = dateOf(ai.clock);
  const order = { now: booking.now, datetime: booking.datetime.getTime() };
  const due = (await operatorsOn(ai, now)).filter((u) => popupDueFor(u.dispatchInterval, order, now.getTime()));
  const { popupAudience } = await ai.config.current();
  const to =
    popupAudience === 'round_robin'
      ? await offerInTurn(
          ai,
          s.id,
          due.map((u) => u.id),
          now,
        )
      : due.map((u) => u.id);
  for (const id of to) ai.realtime.emitToUser(id, event, payload);
}

/** One key for every node: the turn is taken under it, so two popups announced at once go to two operators. */
const TURN_LOCK = 7_302_411;

/**
 * Round robin: the operator after the one the latest popup was offered to (by user id, wrapping round), among
 * `eligible`; recorded on the suggestion (offered_to_id, offered_at). None when nobody is eligible: the suggestion is
 * then anyone's who connects (GET ai/suggestions).
 */
export async function offerInTurn(ai: AiDeps, suggestionId: number, eligible: number[], now: Date): Promise<number[]> {
  return ai.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TURN_LOCK})`);
    const [last] = await tx
      .select({ userId: aiSuggestions.offeredToId })
      .from(aiSuggestions)
      .where(isNotNull(aiSuggestions.offeredAt))
      .orderBy(desc(aiSuggestions.offeredAt), desc(aiSuggestions.id))
      .limit(1);
    const ids = [...eligible].sort((a, b) => a - b);
    const after = last?.userId ?? 0;
    const next = ids.find((id) => id > after) ?? ids[0] ?? null;
    await tx
      .update(aiSuggestions)
      .set({ offeredToId: next, offeredAt: next === null ? null : now })
      .where(eq(aiSuggestions.id, suggestionId));
    return next === null ? [] : [next];
  });
}

/** Open suggestions (a console that connects late shows them). */
export async function openPopups(
  ai: AiDeps,
  userId: number,
): Promise<(AiDispatchPopupPayload | SuggestionPopupPayload)[]> {
  const now = dateOf(ai.clock);
  // Users whose AI is stopped or snoozed get no popups, late or live.
  const me = (await operatorsOn(ai, now)).find((u) => u.id === userId);
  if (!me) return [];
  // In turn, a console shows its operator's popups (and those offered to nobody in particular).
  const { popupAudience } = await ai.config.current();
  const mine =
    popupAudience === 'round_robin'
      ? or(isNull(aiSuggestions.offeredToId), eq(aiSuggestions.offeredToId, userId))
      : undefined;
  const rows = await ai.db
    .select({ s: aiSuggestions, now: bookings.now, datetime: bookings.datetime })
    .from(aiSuggestions)
    .innerJoin(bookings, eq(bookings.id, aiSuggestions.bookingId))
    .where(and(eq(aiSuggestions.status, 'PROPOSED'), mine))
    .orderBy(asc(aiSuggestions.countdownUntil))
    .limit(50);
  const due = rows.filter((r) =>
    popupDueFor(me.dispatchInterval, { now: r.now, datetime: r.datetime.getTime() }, now.getTime()),
  );
  return Promise.all(due.map((r) => popupOf(ai, r.s)));
}
