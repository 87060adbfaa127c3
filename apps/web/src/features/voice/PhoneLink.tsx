import CallIcon from '@mui/icons-material/Call';
import { IconButton, Tooltip } from '@mui/material';
import { VOICE_UI } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { PhoneText } from '../../components/PhoneText';
import { formatPhone } from '../../i18n/format';
import { useVoiceState } from './store';
import { dial } from './ua';

/**
 * A phone number as the console shows it (PhoneText), with a button that dials it from the softphone while
 * the phone is ready (registered, no call on the line). Elsewhere it is the number alone.
 */
export function PhoneLink({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  return (
    <>
      <PhoneText value={value} />
      <CallButton number={value} />
    </>
  );
}

/** The dial button alone, for a number shown another way. Renders nothing unless the phone is ready. */
export function CallButton({ number }: { number: string }) {
  useTranslation();
  const ready = useVoiceState() === 'ready';
  if (!ready || !/\d/.test(number)) return null;
  const label = VOICE_UI.call(formatPhone(number));
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        color="success"
        aria-label={label}
        data-testid="voice-dial"
        onClick={(e) => {
          // Inside a clickable card or row: dial, and nothing else.
          e.stopPropagation();
          dial(number);
        }}
        sx={{ p: 0.25, ml: 0.5, verticalAlign: 'middle' }}
      >
        <CallIcon sx={{ fontSize: 16 }} />
      </IconButton>
    </Tooltip>
  );
}
