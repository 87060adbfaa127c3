import PhoneIcon from '@mui/icons-material/Phone';
import PhoneDisabledIcon from '@mui/icons-material/PhoneDisabled';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import RingVolumeIcon from '@mui/icons-material/RingVolume';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import { Badge, Button, IconButton, Link, Stack, Tooltip, Typography } from '@mui/material';
import { MSG, pathTo, VOICE_UI, type VoiceState, voicePolicy } from '@taxi/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PhoneText } from '../../components/PhoneText';
import { ToolbarPopover } from '../../components/ToolbarPopover';
import { usePolicy } from '../auth/currentUser';
import { type VoiceReason, type VoiceSnapshot, voiceStateOf } from './machine';
import { useVoice } from './store';
import { retryVoice } from './ua';

/** The dot's colour by state (theme palette paths: right in light and dark). */
const DOT: Record<VoiceState, string> = {
  off: 'grey.500',
  registering: 'warning.main',
  ready: 'success.main',
  ringing: 'info.main',
  in_call: 'success.main',
  error: 'error.main',
};

const ICON: Record<VoiceState, ReactNode> = {
  off: <PhoneDisabledIcon />,
  registering: <PhoneIcon />,
  ready: <PhoneIcon />,
  ringing: <RingVolumeIcon />,
  in_call: <PhoneInTalkIcon />,
  error: <SyncProblemIcon />,
};

/** What the reason adds to the state's name (nothing for a plain stop). */
export function reasonText(reason: VoiceReason | null): string | null {
  switch (reason) {
    case 'not_configured':
      return VOICE_UI.notConfigured;
    case 'not_allowed':
      return VOICE_UI.notAllowed;
    case 'offline':
      return VOICE_UI.offline;
    case 'microphone':
      return VOICE_UI.microphoneRefused;
    case 'credentials':
    case 'registration':
    case 'connection':
      return VOICE_UI.errors[reason];
    default:
      return null;
  }
}

/** The state in words: its name, then why. */
function describe(voice: VoiceSnapshot): { state: VoiceState; label: string; detail: string | null } {
  const state = voiceStateOf(voice);
  const detail = state === 'off' || state === 'error' ? reasonText(voice.reason) : null;
  return { state, label: VOICE_UI.states[state], detail };
}

/**
 * The phone in the toolbar (users who take calls only): its state as icon, coloured dot, tooltip and
 * `data-voice-state`; a click opens a panel that says why, retries after an error and links to the call log.
 */
export function VoiceButton() {
  const allowed = usePolicy()(voicePolicy.phone);
  if (!allowed) return null;
  return <VoiceButtonShown />;
}

function VoiceButtonShown() {
  useTranslation(); // the shared texts are read at render: re-render on a language change
  const voice = useVoice();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { state, label, detail } = describe(voice);
  // The reason already names the state ("Voice is off: …"): the tooltip says it alone.
  const title = detail ?? label;
  return (
    <>
      <Tooltip title={title}>
        <IconButton
          color="inherit"
          aria-label={label}
          data-testid="voice-button"
          data-voice-state={state}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge
            variant="dot"
            overlap="circular"
            sx={{ '& .MuiBadge-badge': { bgcolor: DOT[state], boxShadow: '0 0 0 2px rgba(255,255,255,0.6)' } }}
          >
            {ICON[state]}
          </Badge>
        </IconButton>
      </Tooltip>
      <ToolbarPopover anchor={anchor} onClose={() => setAnchor(null)}>
        <Stack spacing={1} sx={{ p: 2, width: 300 }} data-testid="voice-panel">
          <Typography variant="subtitle2">{VOICE_UI.phone}</Typography>
          <Stack role="status" spacing={0.25}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="voice-panel-state">
              {label}
            </Typography>
            {detail && (
              <Typography variant="body2" color={state === 'error' ? 'error' : 'textSecondary'}>
                {detail}
              </Typography>
            )}
          </Stack>
          {voice.call && (
            <Typography variant="body2">
              <PhoneText value={voice.call.number} />
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Link component={RouterLink} to={pathTo('Calls')} underline="hover" onClick={() => setAnchor(null)}>
              {VOICE_UI.callLog}
            </Link>
            {state === 'error' && (
              <Button size="small" variant="outlined" onClick={() => retryVoice()} data-testid="voice-retry">
                {MSG.retry}
              </Button>
            )}
          </Stack>
        </Stack>
      </ToolbarPopover>
    </>
  );
}
