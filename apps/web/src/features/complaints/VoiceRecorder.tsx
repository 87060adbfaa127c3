import DeleteIcon from '@mui/icons-material/Delete';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import StopIcon from '@mui/icons-material/Stop';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { COMPLAINT_AUDIO_MAX_FILES } from '@taxi/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../api/mutation';
import { WaveformPlayer } from './WaveformPlayer';
import { startWavRecording, type WavRecording } from './wavRecorder';

/** Record voice notes (WAV, encoded in the browser) or attach wav files; each one can be played and removed. */
export function VoiceNotes({ value, onChange }: { value: Blob[]; onChange: (files: Blob[]) => void }) {
  const { t } = useTranslation();
  const recording = useRef<WavRecording | null>(null);
  const [active, setActive] = useState(false);
  useEffect(() => () => recording.current?.cancel(), []);
  const full = value.length >= COMPLAINT_AUDIO_MAX_FILES;

  const start = async () => {
    try {
      recording.current = await startWavRecording();
      setActive(true);
    } catch (e) {
      toastError(e, t('The microphone is not available.'));
    }
  };
  const stop = async () => {
    const current = recording.current;
    recording.current = null;
    setActive(false);
    if (current) onChange([...value, await current.stop()]);
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {active ? (
          <Button variant="contained" color="error" startIcon={<StopIcon />} onClick={stop} data-testid="voice-stop">
            {t('Stop recording')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            startIcon={<FiberManualRecordIcon />}
            onClick={start}
            disabled={full}
            data-testid="voice-record"
          >
            {t('Record a voice note')}
          </Button>
        )}
        <Button variant="outlined" component="label" disabled={full || active}>
          {t('Attach wav files')}
          <input
            hidden
            type="file"
            multiple
            accept=".wav,audio/wav,audio/x-wav"
            onChange={(e) => {
              onChange([...value, ...Array.from(e.target.files ?? [])].slice(0, COMPLAINT_AUDIO_MAX_FILES));
              e.target.value = '';
            }}
          />
        </Button>
        {active && (
          <Typography variant="body2" color="error" role="status">
            {t('Recording…')}
          </Typography>
        )}
      </Stack>
      {value.map((blob, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows or loses an item by its index
        <Stack key={i} direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="voice-note">
          <WaveformPlayer source={blob} label={t('Voice note {{n}}', { n: i + 1 })} />
          <Tooltip title={t('Remove')}>
            <IconButton aria-label={t('Remove')} onClick={() => onChange(value.filter((_, j) => j !== i))}>
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      ))}
    </Stack>
  );
}
