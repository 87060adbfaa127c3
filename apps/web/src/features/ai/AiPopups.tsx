import { useQuery } from '@tanstack/react-query';
import { type AiPassPayload, type AiPopupPayload, aiPolicy, EVENTS } from '@taxi/shared';
import { useCallback, useEffect, useRef } from 'react';
import { getSocket, useSocketEvent } from '../../api/socket';
import { toast } from '../../api/toast';
import { setPreference, usePreferences } from '../../app/preferences';
import { useCurrentUser, usePolicy } from '../auth/currentUser';
import { useShortcut } from '../keyboard/shortcuts';
import { AiDispatchPopup } from './AiDispatchPopup';
import { aiApi } from './api';
import type { QueueNav } from './PopupFrame';
import { toggleAiPanel } from './panel';
import { aiQueue, secondsLeft, useAiQueue, useModalDialogOpen, useTick } from './queue';
import { SuggestionPopup } from './SuggestionPopup';

/**
 * The AI popups (shell.md §2.5, bookings.md §2): the AI dispatch popup, the time-suggestion reminder popup and the
 * service-change suggestion popup. Whatever arrives waits in the toolbar's tray (count, next deadline, urgent ones);
 * the panel that shows them one at a time opens only when the operator asks (the tray, Alt+Shift+P), and once hidden
 * it stays hidden however many popups arrive (the choice is the user's preference, kept across reloads). Open, it
 * yields to modal dialogs and Escape hides it. A suggestion that ends anywhere (Ai:pass_suggestion) leaves the
 * queue. Only those aiPolicy.popups allows see them (neither the airport desk nor Goverment).
 */
export function AiPopups() {
  const me = useCurrentUser();
  const enabled = usePolicy()(aiPolicy.popups);
  const { queue, selected } = useAiQueue();
  const { ai_panel } = usePreferences();
  const modal = useModalDialogOpen();

  const open = useQuery({
    queryKey: ['ai', 'suggestions'],
    queryFn: aiApi.openSuggestions,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (open.data) aiQueue.update((s) => ({ queue: merge(s.queue, open.data) }));
  }, [open.data]);
  // Another user's queue never shows here (sign-out, then someone else signs in on this console).
  useEffect(() => () => aiQueue.update({ queue: [], selected: null, autoSnoozedAt: null }), []);

  // A live popup joins the queue, and only the queue: the panel stays as the operator left it.
  const push = useCallback(
    (p: AiPopupPayload) => {
      if (enabled) aiQueue.update((s) => ({ queue: merge(s.queue, [p]) }));
    },
    [enabled],
  );
  const drop = useCallback((id: number) => aiQueue.update((s) => ({ queue: s.queue.filter((p) => p.id !== id) })), []);
  useSocketEvent(EVENTS.aiNewNowBooking, push);
  useSocketEvent(EVENTS.aiNewSuggestion, push);
  useSocketEvent(EVENTS.aiPassSuggestion, (p: AiPassPayload) => drop(p.suggestion_id));
  useSocketEvent(EVENTS.aiPassBooking, (p: AiPassPayload) => drop(p.suggestion_id));
  // Stopping the AI (this user, any of their consoles) closes the popups.
  useSocketEvent(EVENTS.aiStatusUpdated, ({ user_id, ai_status }) => {
    if (user_id === me.id && ai_status.ai_stopped === '1') aiQueue.update({ queue: [], selected: null });
  });
  useShortcut('ai.popups', toggleAiPanel, enabled);

  const now = useTick(queue.length > 0);
  useExpiry(queue, now);

  // The queue ran dry with the panel open: it closes, and the next popup waits in the tray.
  const hadPopups = useRef(false);
  useEffect(() => {
    if (hadPopups.current && queue.length === 0 && ai_panel === 'open') void setPreference({ ai_panel: 'hidden' });
    hadPopups.current = queue.length > 0;
  }, [queue.length, ai_panel]);

  if (!enabled || queue.length === 0 || ai_panel !== 'open' || modal) return null;
  // The popup the operator moved to, else the most urgent.
  const at = Math.max(
    0,
    queue.findIndex((p) => p.id === selected),
  );
  const current = queue[at];
  const move = (step: number) => aiQueue.update({ selected: queue[(at + step + queue.length) % queue.length].id });
  const nav: QueueNav = { at: at + 1, of: queue.length, onPrevious: () => move(-1), onNext: () => move(1) };
  return current.type === 'dispatch' ? (
    <AiDispatchPopup key={current.id} popup={current} nav={nav} onDone={() => drop(current.id)} />
  ) : (
    <SuggestionPopup key={current.id} popup={current} nav={nav} onDone={() => drop(current.id)} />
  );
}

/**
 * Popups at zero leave the queue, shown or not: a dispatch popup emits Ai:pass_booking (the server dispatches as the
 * AI), a time or service suggestion acts as snooze (bookings.md §4) — which snoozes the operator's AI popups: the
 * tray says so, with its end and a Resume button.
 */
function useExpiry(queue: readonly AiPopupPayload[], now: number) {
  const handled = useRef(new Set<string>());
  useEffect(() => {
    const expired = queue.filter((p) => secondsLeft(p, now) <= 0);
    if (expired.length === 0) return;
    for (const p of expired) {
      // A snoozed dispatch suggestion comes back with the same id and a new countdown.
      const key = `${p.id}@${p.countdown_until}`;
      if (handled.current.has(key)) continue;
      handled.current.add(key);
      if (p.type === 'dispatch') getSocket()?.emit(EVENTS.aiPassBooking, { booking_id: p.booking_id });
      else
        aiApi
          .snooze(p.booking_id)
          .then((res) => {
            aiQueue.update({ autoSnoozedAt: res.data?.ai_status.snoozed_at ?? null });
            if (res.message) toast.success(res.message);
          })
          .catch(() => {});
    }
    const gone = new Set(expired.map((p) => p.id));
    aiQueue.update((s) => ({ queue: s.queue.filter((p) => !gone.has(p.id)) }));
  }, [queue, now]);
}

/** The queue with the incoming popups (a known id is replaced), the nearest deadline first. */
function merge(queue: readonly AiPopupPayload[], incoming: readonly AiPopupPayload[]): AiPopupPayload[] {
  const next = [...queue];
  for (const p of incoming) {
    const at = next.findIndex((q) => q.id === p.id);
    if (at >= 0) next[at] = p;
    else next.push(p);
  }
  return next
    .filter((p) => new Date(p.countdown_until).getTime() > Date.now() - 1000)
    .sort((a, b) => Date.parse(a.countdown_until) - Date.parse(b.countdown_until));
}
