import { Box, Button } from '@mui/material';
import { AI_LABELS, type AiDispatchPopupPayload, aiPolicy, BOOKING_MSG, DISPATCH_UI } from '@taxi/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FitBounds, type PinPoint, PinsLayer, pointsToGeoJson } from '../../components/map/layers';
import { MapView } from '../../components/map/MapView';
import { usePolicy } from '../auth/currentUser';
import { ScoreParts } from '../bookings/dispatch/ScoreParts';
import { aiApi } from './api';
import { Dot, Field, PopupFrame, type QueueNav, useAction } from './PopupFrame';
import { useCountdown } from './useCountdown';

const PIN = { pickup: '#2e7d32', dropoff: '#c62828', captain: '#1565c0' } as const;

/**
 * AI dispatch popup (bookings.md §2): 'Ok, Let AI Dispatch it' (not for the Goverment role:
 * aiPolicy.letAiDispatch) and 'Snooze'. At zero the queue emits Ai:pass_booking (AiPopups).
 */
export function AiDispatchPopup({
  popup,
  nav,
  onDone,
}: {
  popup: AiDispatchPopupPayload;
  nav: QueueNav;
  onDone: () => void;
}) {
  useTranslation();
  const seconds = useCountdown(popup.countdown_until);
  const mayLetAi = usePolicy()(aiPolicy.letAiDispatch);
  const { busy, run } = useAction(onDone);
  const snooze = () => run(() => aiApi.snooze(popup.booking_id));

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
  const framed = useMemo(() => points.map((p) => [p.lon, p.lat] as [number, number]), [points]);
  const window = (a: string | null, b: string | null) => (a && b ? `${a} – ${b}` : null);

  return (
    <PopupFrame
      testId="ai-dispatch-popup"
      title={AI_LABELS.dispatchTitle(popup.booking_id)}
      seconds={seconds}
      total={popup.countdown_seconds}
      nav={nav}
      width={860}
      actions={
        <>
          <Button variant="outlined" disabled={busy} onClick={snooze}>
            {BOOKING_MSG.snooze}
          </Button>
          {mayLetAi && (
            <Button
              variant="contained"
              disabled={busy}
              onClick={() => run(() => aiApi.letAiDispatch(popup.booking_id))}
            >
              {BOOKING_MSG.letAiDispatch}
            </Button>
          )}
        </>
      }
    >
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
          {popup.score && (
            // Why the AI chose this captain: the score of the offer and its parts, as the dispatch dialog shows them.
            <Box sx={{ gridColumn: '1 / -1' }} data-testid="ai-popup-score">
              <Field label={DISPATCH_UI.score} hint={DISPATCH_UI.scoreHelp}>
                {popup.score.total}
              </Field>
              <ScoreParts candidate={popup.score} />
            </Box>
          )}
        </Box>
        <MapView
          name="ai-popup"
          center={popup.pick_up_location.coordinates}
          zoom={14}
          sx={{ height: 260, minHeight: 260 }}
        >
          <PinsLayer id="ai-popup-pins" points={pins} radius={8} />
          {/* Captain, pickup and dropoff in view (the panel may still be laying out: FitBounds sizes first). */}
          <FitBounds coordinates={framed} padding={44} maxZoom={16} />
        </MapView>
      </Box>
    </PopupFrame>
  );
}
