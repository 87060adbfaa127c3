import { useQuery } from '@tanstack/react-query';
import { type AiPassPayload, type AiPopupPayload, aiPolicy, EVENTS } from '@taxi/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getSocket, useSocketEvent } from '../../api/socket';
import { toast } from '../../api/toast';
import { useCurrentUser, usePolicy } from '../auth/currentUser';
import { AiDispatchPopup } from './AiDispatchPopup';
import { AiPopupTray } from './AiPopupTray';
import { aiApi } from './api';
import type { QueueNav } from './PopupFrame';
import { SuggestionPopup } from './SuggestionPopup';

const secondsLeft = (p: AiPopupPayload, now: number) => Math.ceil((Date.parse(p.countdown_until) - now) / 1000);

/**
 * The AI popups (shell.md §2.5, bookings.md §2): the AI dispatch popup, the time-suggestion reminder
 * popup and the service-change suggestion popup. They wait in a tray (count and next deadline) and open
 * one at a time in a non-modal panel: the console stays usable. A popup arriving live opens the panel;
 * those already open at sign-in wait in the tray. A suggestion that ends elsewhere (Ai:pass_suggestion)
 * leaves the queue. Only those aiPolicy.popups allows see them (neither the airport desk nor Goverment).
 */
export function AiPopups() {
  const me = useCurrentUser();
  const enabled = usePolicy()(aiPolicy.popups);
  const [queue, setQueue] = useState<AiPopupPayload[]>([]);
  const [selected, setSelected] = useState<number | null>(null);
  const [shown, setShown] = useState(false);

  const open = useQuery({
    queryKey: ['ai', 'suggestions'],
    queryFn: aiApi.openSuggestions,
    enabled,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (open.data) setQueue((q) => merge(q, open.data));
  }, [open.data]);

  const push = useCallback(
    (p: AiPopupPayload) => {
      if (!enabled) return;
      setQueue((q) => merge(q, [p]));
      // A live popup opens the panel on itself, unless the user is already on another one.
      if (!shown) setSelected(p.id);
      setShown(true);
    },
    [enabled, shown],
  );
  const drop = useCallback((id: number) => setQueue((q) => q.filter((p) => p.id !== id)), []);
  useSocketEvent(EVENTS.aiNewNowBooking, push);
  useSocketEvent(EVENTS.aiNewSuggestion, push);
  useSocketEvent(EVENTS.aiPassSuggestion, (p: AiPassPayload) => drop(p.suggestion_id));
  useSocketEvent(EVENTS.aiPassBooking, (p: AiPassPayload) => drop(p.suggestion_id));
  // Stopping the AI (this user, any of their consoles) closes the popups.
  useSocketEvent(EVENTS.aiStatusUpdated, ({ user_id, ai_status }) => {
    if (user_id === me.id && ai_status.ai_stopped === '1') setQueue([]);
  });

  const now = useTick(queue.length > 0);
  useExpiry(queue, now, setQueue);

  if (!enabled || queue.length === 0) return null;
  const at = Math.max(
    0,
    queue.findIndex((p) => p.id === selected),
  );
  const current = queue[at];
  const move = (step: number) => setSelected(queue[(at + step + queue.length) % queue.length].id);
  const nav: QueueNav = { at: at + 1, of: queue.length, onPrevious: () => move(-1), onNext: () => move(1) };
  const nextDeadline = Math.min(...queue.map((p) => secondsLeft(p, now)));
  return (
    <>
      {shown &&
        (current.type === 'dispatch' ? (
          <AiDispatchPopup key={current.id} popup={current} nav={nav} onDone={() => drop(current.id)} />
        ) : (
          <SuggestionPopup key={current.id} popup={current} nav={nav} onDone={() => drop(current.id)} />
        ))}
      <AiPopupTray count={queue.length} nextSeconds={nextDeadline} shown={shown} onToggle={() => setShown(!shown)} />
    </>
  );
}

/** The time each second while `active`. */
function useTick(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * Popups at zero leave the queue, shown or not: a dispatch popup emits Ai:pass_booking (the server
 * dispatches as the AI), a time or service suggestion acts as snooze (bookings.md §4).
 */
function useExpiry(
  queue: AiPopupPayload[],
  now: number,
  setQueue: (update: (q: AiPopupPayload[]) => AiPopupPayload[]) => void,
) {
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
          .then((res) => res.message && toast.success(res.message))
          .catch(() => {});
    }
    const gone = new Set(expired.map((p) => p.id));
    setQueue((q) => q.filter((p) => !gone.has(p.id)));
  }, [queue, now, setQueue]);
}

function merge(queue: AiPopupPayload[], incoming: readonly AiPopupPayload[]): AiPopupPayload[] {
  const next = [...queue];
  for (const p of incoming) {
    const at = next.findIndex((q) => q.id === p.id);
    if (at >= 0) next[at] = p;
    else next.push(p);
  }
  return next.filter((p) => new Date(p.countdown_until).getTime() > Date.now() - 1000);
}
