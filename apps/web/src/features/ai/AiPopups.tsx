import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  AI_LABELS,
  AI_TIMINGS,
  type AiDispatchPopupPayload,
  type AiPassPayload,
  type AiPopupPayload,
  aiPolicy,
  BOOKING_MSG,
  EVENTS,
  type SuggestionPopupPayload,
} from '@taxi/shared';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { useApiMutation } from '../../api/mutation';
import { getSocket, useSocketEvent } from '../../api/socket';
import { toast } from '../../api/toast';
import { type PinPoint, PinsLayer, pointsToGeoJson } from '../../components/map/layers';
import { MapView } from '../../components/map/MapView';
import { useCurrentUser, usePolicy } from '../auth/currentUser';
import { aiApi } from './api';
import { mmss, useCountdown } from './useCountdown';

const PIN = { pickup: '#2e7d32', dropoff: '#c62828', captain: '#1565c0' } as const;

/**
 * The AI popups (shell.md §2.5, bookings.md §2): the AI dispatch popup, the time-suggestion reminder
 * popup and the service-change suggestion popup. Several arriving together are queued; a suggestion
 * that ends elsewhere (Ai:pass_suggestion) leaves the queue. Only those aiPolicy.popups allows see
 * them (neither the airport desk nor the Goverment role).
 */
export function AiPopups() {
  const me = useCurrentUser();
  const enabled = usePolicy()(aiPolicy.popups);
  const [queue, setQueue] = useState<AiPopupPayload[]>([]);

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
      if (enabled) setQueue((q) => merge(q, [p]));
    },
    [enabled],
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

  const current = queue[0];
  if (!enabled || !current) return null;
  const more = queue.length - 1;
  return current.type === 'dispatch' ? (
    <AiDispatchPopup key={current.id} popup={current} more={more} onDone={() => drop(current.id)} />
  ) : (
    <SuggestionPopup key={current.id} popup={current} more={more} onDone={() => drop(current.id)} />
  );
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

/** Runs a call once: toast with the server's message, then the popup closes (also on a 409: it is over). */
function useAction(onDone: () => void) {
  const action = useApiMutation({
    mutationFn: (call: () => Promise<{ message?: string }>) => call(),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) onDone();
    },
  });
  // Busy from the first answer on a success too: the popup is closing.
  const busy = action.isPending || action.isSuccess;
  const run = (call: () => Promise<{ message?: string }>) => {
    if (!busy) action.mutate(call);
  };
  return { busy, run };
}

function Countdown({ seconds, total }: { seconds: number; total: number }) {
  const value = Math.max(0, Math.min(100, (seconds / total) * 100));
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 180 }}>
      <LinearProgress
        variant="determinate"
        value={value}
        color={seconds <= 30 ? 'error' : 'primary'}
        sx={{ flex: 1, height: 6, borderRadius: 3 }}
        aria-label={AI_LABELS.countdown}
      />
      <Typography
        data-testid="ai-countdown"
        variant="h6"
        sx={{ fontVariantNumeric: 'tabular-nums', color: seconds <= 30 ? 'error.main' : 'text.primary' }}
      >
        {mmss(seconds)}
      </Typography>
    </Stack>
  );
}

function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string | null }) {
  const value = (
    <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
      {children ?? '—'}
    </Typography>
  );
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      {hint !== undefined ? (
        <Tooltip title={hint || AI_LABELS.noDetails} placement="top-start">
          <Box sx={{ cursor: 'help', textDecoration: 'underline dotted' }}>{value}</Box>
        </Tooltip>
      ) : (
        value
      )}
    </Box>
  );
}

function PopupTitle({ title, more, seconds }: { title: string; more: number; seconds: number }) {
  return (
    <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 2, pb: 1 }}>
      <Box sx={{ flex: 1 }}>
        {title}
        {more > 0 && <Chip size="small" label={AI_LABELS.queued(more)} sx={{ ml: 1.5 }} />}
      </Box>
      <Countdown seconds={seconds} total={AI_TIMINGS.popupSeconds} />
    </DialogTitle>
  );
}

/** AI dispatch popup: at zero it emits Ai:pass_booking with the booking id and closes. */
function AiDispatchPopup({ popup, more, onDone }: { popup: AiDispatchPopupPayload; more: number; onDone: () => void }) {
  const seconds = useCountdown(popup.countdown_until);
  const passed = useRef(false);
  const { busy, run } = useAction(onDone);
  useEffect(() => {
    if (seconds > 0 || passed.current) return;
    passed.current = true;
    getSocket()?.emit(EVENTS.aiPassBooking, { booking_id: popup.booking_id });
    onDone();
  }, [seconds, popup.booking_id, onDone]);

  const points = useMemo(() => {
    const pts: PinPoint[] = [
      { lon: popup.pick_up_location.coordinates[0], lat: popup.pick_up_location.coordinates[1], colour: PIN.pickup },
      {
        lon: popup.captain.current_location.coordinates[0],
        lat: popup.captain.current_location.coordinates[1],
        colour: PIN.captain,
      },
    ];
    if (popup.pull_down_location)
      pts.push({
        lon: popup.pull_down_location.coordinates[0],
        lat: popup.pull_down_location.coordinates[1],
        colour: PIN.dropoff,
      });
    return pts;
  }, [popup]);
  const pins = useMemo(() => pointsToGeoJson(points), [points]);
  const bounds = useMemo(() => {
    const lons = points.map((c) => c.lon);
    const lats = points.map((c) => c.lat);
    return [
      [Math.min(...lons), Math.min(...lats)],
      [Math.max(...lons), Math.max(...lats)],
    ] as [[number, number], [number, number]];
  }, [points]);
  const window = (a: string | null, b: string | null) => (a && b ? `${a} – ${b}` : null);

  return (
    <Dialog open maxWidth="md" fullWidth data-testid="ai-dispatch-popup" aria-labelledby="ai-dispatch-title">
      <PopupTitle title={AI_LABELS.dispatchTitle(popup.booking_id)} more={more} seconds={seconds} />
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 300px' }, gap: 2 }}>
          <Box
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5, alignContent: 'start' }}
          >
            <Field label={AI_LABELS.date}>{popup.date}</Field>
            <Field label={AI_LABELS.time}>{popup.time}</Field>
            <Field label={AI_LABELS.pickupWindow}>{window(popup.min_pick_up_time, popup.max_pick_up_time)}</Field>
            <Field label={AI_LABELS.dropoffWindow}>{window(popup.min_drop_off_time, popup.max_drop_off_time)}</Field>
            <Field label={AI_LABELS.eta}>{AI_LABELS.minutes(popup.eta)}</Field>
            <Field label={AI_LABELS.trip}>
              {popup.trip_minutes === null ? null : AI_LABELS.minutes(popup.trip_minutes)}
            </Field>
            <Field label={AI_LABELS.pickup} hint={popup.pick_up_location_details}>
              <Dot colour={PIN.pickup} />
              {popup.pick_up_location_name}
            </Field>
            <Field label={AI_LABELS.dropoff} hint={popup.pull_down_location_details}>
              <Dot colour={PIN.dropoff} />
              {popup.pull_down_location_name}
            </Field>
            <Field label={AI_LABELS.captain}>
              <Dot colour={PIN.captain} />
              {`${popup.captain.first_name} ${popup.captain.last_name}`.trim()}
            </Field>
            <Field label={AI_LABELS.captainLocation}>{popup.captain.current_location_name}</Field>
            <Field label={AI_LABELS.passenger}>{popup.passenger_name}</Field>
          </Box>
          <MapView
            name="ai-popup"
            center={popup.pick_up_location.coordinates}
            zoom={14}
            sx={{ height: 260, minHeight: 260 }}
            onReady={(map) =>
              // The dialog may still be opening: size the map first, then frame the three pins.
              requestAnimationFrame(() => {
                map.resize();
                map.fitBounds(bounds, {
                  padding: { top: 50, right: 60, bottom: 40, left: 40 },
                  maxZoom: 16,
                  duration: 0,
                });
              })
            }
          >
            <PinsLayer id="ai-popup-pins" points={pins} radius={8} />
          </MapView>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button variant="outlined" disabled={busy} onClick={() => run(() => aiApi.snooze(popup.booking_id))}>
          {BOOKING_MSG.snooze}
        </Button>
        <Button
          variant="contained"
          disabled={busy}
          autoFocus
          onClick={() => run(() => aiApi.letAiDispatch(popup.booking_id))}
        >
          {BOOKING_MSG.letAiDispatch}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Dot({ colour }: { colour: string }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-block', width: 9, height: 9, borderRadius: '50%', bgcolor: colour, mr: 0.75 }}
    />
  );
}

/** Time-suggestion reminder popup (and service-change popup): at zero it acts as snooze. */
function SuggestionPopup({ popup, more, onDone }: { popup: SuggestionPopupPayload; more: number; onDone: () => void }) {
  const seconds = useCountdown(popup.countdown_until);
  const { busy, run } = useAction(onDone);
  const snoozed = useRef(false);
  useEffect(() => {
    if (seconds > 0 || snoozed.current) return;
    snoozed.current = true;
    void run(() => aiApi.snooze(popup.booking_id));
  }, [seconds, popup.booking_id, run]);
  const title =
    popup.type === 'service_change' ? AI_LABELS.serviceTitle(popup.booking_id) : AI_LABELS.timeTitle(popup.booking_id);
  return (
    <Dialog open maxWidth="sm" fullWidth data-testid="ai-suggestion-popup">
      <PopupTitle title={title} more={more} seconds={seconds} />
      <DialogContent dividers>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 1.5 }}>
          <Field label={AI_LABELS.passenger}>{popup.passenger_name}</Field>
          <Field label={AI_LABELS.whatsapp}>{popup.passenger_whatsapp}</Field>
          <Field label={AI_LABELS.captain}>{popup.captain_name}</Field>
          {popup.new_service ? <Field label={AI_LABELS.newService}>{popup.new_service}</Field> : <Box />}
          <Field label={AI_LABELS.originalTime}>{popup.original_time}</Field>
          <Field label={AI_LABELS.newTime}>
            <Box component="span" sx={{ color: 'primary.main', fontWeight: 700 }}>
              {popup.new_time}
            </Box>
          </Field>
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        <Button color="inherit" disabled={busy} onClick={() => run(() => aiApi.snooze(popup.booking_id))}>
          {BOOKING_MSG.noResponseYet}
        </Button>
        <Button
          color="error"
          variant="outlined"
          disabled={busy}
          onClick={() => run(() => aiApi.refuse(popup.booking_id))}
        >
          {BOOKING_MSG.passengerSaidNo}
        </Button>
        <Button variant="contained" disabled={busy} onClick={() => run(() => aiApi.confirm(popup.booking_id))}>
          {BOOKING_MSG.passengerSaidOk}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
