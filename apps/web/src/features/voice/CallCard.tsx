import CallIcon from '@mui/icons-material/Call';
import CallEndIcon from '@mui/icons-material/CallEnd';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import PauseIcon from '@mui/icons-material/Pause';
import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemText,
  Menu,
  MenuItem,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  type CallerLookup,
  cardStatusLabel,
  isBookingStatus,
  mayOpen,
  pathTo,
  routeByName,
  VOICE_UI,
  voicePolicy,
} from '@taxi/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PhoneText } from '../../components/PhoneText';
import { formatDateTime } from '../../i18n/format';
import { useCurrentUser, usePolicy } from '../auth/currentUser';
import { shortcutById, useShortcut } from '../keyboard/shortcuts';
import { useCallerLookup, useTransferTargets, voiceKeys } from './api';
import type { CallView } from './machine';
import { answerCall, declineCall, hangUp, setHeld, setMuted, setRemoteAudio, transferCall } from './session';
import { useVoice } from './store';
import { formatCallSeconds, phoneBookingUrl } from './targets';
import { queueUri } from './ua';

const ANSWER_KEYS = shortcutById('call.answer').keys[0];
const HANG_UP_KEYS = shortcutById('call.hangUp').keys[0];

/**
 * The phone's part of the shell (users who take calls): the <audio> element the caller is heard through, and
 * the call card while a call rings or is on. The card is not modal: the operator goes on typing the order.
 */
export function VoiceOverlay() {
  const allowed = usePolicy()(voicePolicy.phone);
  if (!allowed) return null;
  return <VoiceOverlayShown />;
}

function VoiceOverlayShown() {
  const { call } = useVoice();
  return (
    <>
      {/* biome-ignore lint/a11y/useMediaCaption: a live phone call has no captions to give */}
      <audio ref={setRemoteAudio} autoPlay data-testid="voice-remote-audio" />
      {call && <CallCard call={call} />}
    </>
  );
}

/** Seconds since `since`, ticking each second (null: not started). */
function useElapsed(since: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [since]);
  return since === null ? null : Math.max(0, (now - since) / 1000);
}

function CallCard({ call }: { call: CallView }) {
  useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const qc = useQueryClient();
  const [answering, setAnswering] = useState(false);
  const ringing = call.direction === 'inbound' && !call.established;
  const elapsed = useElapsed(call.since);
  const lookup = useCallerLookup(call.direction === 'inbound' ? call.number : null);

  const answer = async () => {
    if (answering) return;
    setAnswering(true);
    const answered = await answerCall();
    setAnswering(false);
    if (!answered) return;
    // The caller's page: a captain's card, else the order form for the number (the booking is linked to the call).
    const caller = qc.getQueryData<CallerLookup>(voiceKeys.caller(answered.number));
    if (caller?.kind === 'captain' && caller.id !== null) navigate(pathTo('Captain', { id: caller.id }));
    else if (mayOpen(routeByName('PhoneBooking'), user)) navigate(phoneBookingUrl(answered.number, answered.callId));
  };
  const end = () => (ringing ? declineCall() : hangUp());

  useShortcut('call.answer', () => void answer(), ringing);
  useShortcut('call.hangUp', end);

  const title = ringing
    ? VOICE_UI.states.ringing
    : call.direction === 'outbound' && !call.established
      ? VOICE_UI.outgoing
      : VOICE_UI.states.in_call;

  return (
    <Paper
      component="section"
      elevation={8}
      aria-labelledby="voice-call-title"
      data-testid="voice-call-card"
      data-call-state={ringing ? 'ringing' : call.established ? 'in_call' : 'dialling'}
      sx={{
        position: 'fixed',
        top: 56,
        right: 16,
        width: { xs: 'calc(100% - 32px)', sm: 360 },
        zIndex: (theme) => theme.zIndex.drawer + 2,
        borderTop: 4,
        borderColor: ringing ? 'info.main' : 'success.main',
        p: 2,
      }}
    >
      <Stack spacing={1.25}>
        {/* Said by screen readers when the call arrives and when it changes (answered, on hold). */}
        <Box role="alert">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography id="voice-call-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            {elapsed !== null && (
              <Typography component="bdi" dir="ltr" variant="body2" color="textSecondary" data-testid="voice-talk-time">
                {formatCallSeconds(elapsed)}
              </Typography>
            )}
          </Stack>
          <Typography variant="h6" component="p" data-testid="voice-call-number">
            {call.number ? <PhoneText value={call.number} /> : VOICE_UI.unknownCaller}
          </Typography>
          {(call.held || call.muted) && (
            <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
              {call.held && <Chip size="small" color="warning" label={VOICE_UI.onHold} />}
              {call.muted && <Chip size="small" color="warning" label={VOICE_UI.muted} />}
            </Stack>
          )}
        </Box>

        {call.direction === 'inbound' && <CallerInfo lookup={lookup} withRecent={ringing} />}

        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {ringing ? (
            <>
              <Button
                variant="contained"
                color="success"
                startIcon={<CallIcon />}
                onClick={() => void answer()}
                disabled={answering}
                aria-keyshortcuts={ANSWER_KEYS}
                data-testid="voice-answer"
              >
                {VOICE_UI.answer}
              </Button>
              <Button
                variant="contained"
                color="error"
                startIcon={<CallEndIcon />}
                onClick={declineCall}
                aria-keyshortcuts={HANG_UP_KEYS}
                data-testid="voice-decline"
              >
                {VOICE_UI.decline}
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="outlined"
                startIcon={call.muted ? <MicIcon /> : <MicOffIcon />}
                onClick={() => setMuted(!call.muted)}
                disabled={!call.established}
                aria-pressed={call.muted}
                data-testid="voice-mute"
              >
                {call.muted ? VOICE_UI.unmute : VOICE_UI.mute}
              </Button>
              <Button
                variant="outlined"
                startIcon={call.held ? <PlayArrowIcon /> : <PauseIcon />}
                onClick={() => setHeld(!call.held)}
                disabled={!call.established}
                aria-pressed={call.held}
                data-testid="voice-hold"
              >
                {call.held ? VOICE_UI.resume : VOICE_UI.hold}
              </Button>
              <TransferButton disabled={!call.established} />
              <Button
                variant="contained"
                color="error"
                startIcon={<CallEndIcon />}
                onClick={hangUp}
                aria-keyshortcuts={HANG_UP_KEYS}
                data-testid="voice-hang-up"
              >
                {VOICE_UI.hangUp}
              </Button>
            </>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** Transfer: the colleagues free now, one click hands the call over (the queue rings them first). */
function TransferButton({ disabled }: { disabled: boolean }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const targets = useTransferTargets(!!anchor);
  const pick = async (id: number) => {
    setAnchor(null);
    const queue = queueUri();
    if (!queue) return;
    setBusy(true);
    await transferCall(id, queue);
    setBusy(false);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PhoneForwardedIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        disabled={disabled || busy}
        aria-haspopup="menu"
        aria-expanded={!!anchor}
        data-testid="voice-transfer"
      >
        {VOICE_UI.transfer}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)} data-testid="voice-transfer-menu">
        <MenuItem disabled divider>
          {VOICE_UI.transferTo}
        </MenuItem>
        {targets.isPending && (
          <MenuItem disabled>
            <LinearProgress sx={{ width: 160 }} aria-label={VOICE_UI.transferTo} />
          </MenuItem>
        )}
        {targets.data?.length === 0 && <MenuItem disabled>{VOICE_UI.noOperators}</MenuItem>}
        {targets.data?.map((o) => (
          <MenuItem key={o.id} onClick={() => void pick(o.id)}>
            {o.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function statusLabel(status: string): string {
  return isBookingStatus(status) ? cardStatusLabel(status) : status;
}

/**
 * Who is calling: name and kind, a warning when bookings are still open, and while it rings the latest ones
 * (once answered the card keeps to the essentials: the order form beside it needs the room).
 */
function CallerInfo({ lookup, withRecent }: { lookup: ReturnType<typeof useCallerLookup>; withRecent: boolean }) {
  if (lookup.isPending) return <LinearProgress aria-label={VOICE_UI.states.ringing} />;
  const caller = lookup.data;
  if (!caller) return null;
  const personPath =
    caller.id === null
      ? null
      : caller.kind === 'passenger'
        ? pathTo('Passenger', { id: caller.id })
        : caller.kind === 'captain'
          ? pathTo('Captain', { id: caller.id })
          : null;
  const active = caller.active_bookings;
  const recent = withRecent ? caller.recent_bookings.slice(0, 3) : [];
  return (
    <Stack spacing={1} data-testid="voice-caller">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }} data-testid="voice-caller-name">
          {caller.name ? (
            personPath ? (
              <Link component={RouterLink} to={personPath} underline="hover">
                {caller.name}
              </Link>
            ) : (
              caller.name
            )
          ) : (
            VOICE_UI.unknownCaller
          )}
        </Typography>
        <Chip size="small" variant="outlined" label={VOICE_UI.kinds[caller.kind]} />
      </Stack>
      {caller.kind === 'unknown' && (
        <Typography variant="body2" color="textSecondary">
          {VOICE_UI.newPassenger}
        </Typography>
      )}
      {active.length > 0 && (
        <Alert severity="warning" data-testid="voice-active-warning" sx={{ py: 0 }}>
          {VOICE_UI.activeWarning(active.length)}
          <Box component="span" sx={{ display: 'block' }}>
            {active.map((b, i) => (
              <Box component="span" key={b.id}>
                {i > 0 && ', '}
                <Link component={RouterLink} to={pathTo('BookingLog', { id: b.id })} color="inherit">
                  {VOICE_UI.bookingRef(b.id)}
                </Link>{' '}
                ({statusLabel(b.status)})
              </Box>
            ))}
          </Box>
        </Alert>
      )}
      {recent.length > 0 && (
        <Box>
          <Typography component="h3" variant="caption" color="textSecondary" sx={{ fontWeight: 700 }}>
            {VOICE_UI.recent}
          </Typography>
          <List dense disablePadding>
            {recent.map((b) => (
              <ListItem key={b.id} disableGutters sx={{ py: 0 }}>
                <ListItemText
                  primary={
                    <Link component={RouterLink} to={pathTo('BookingLog', { id: b.id })} underline="hover">
                      {VOICE_UI.bookingRef(b.id)}
                    </Link>
                  }
                  secondary={[statusLabel(b.status), formatDateTime(b.created_at), b.pickup]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Stack>
  );
}
