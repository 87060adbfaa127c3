import DownloadIcon from '@mui/icons-material/Download';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, IconButton, Stack, Tooltip, useTheme } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import WaveSurfer from 'wavesurfer.js';
import { toastError } from '../../api/mutation';

/**
 * A recording drawn as its waveform (wavesurfer.js) with play/pause and a download link. `source` is a
 * blob, or a loader (an authorised fetch) called on the first play.
 */
export function WaveformPlayer({
  source,
  label,
  fileName,
}: {
  source: Blob | (() => Promise<Blob>);
  label: string;
  fileName?: string;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const surfer = useRef<WaveSurfer | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [loading, setLoading] = useState(false);
  const playWhenReady = useRef(false);

  useEffect(() => {
    if (!container.current) return;
    const ws = WaveSurfer.create({
      container: container.current,
      height: 36,
      barWidth: 2,
      barGap: 1,
      waveColor: theme.palette.text.disabled,
      progressColor: theme.palette.primary.main,
      cursorColor: theme.palette.primary.main,
    });
    ws.on('play', () => setPlaying(true));
    ws.on('pause', () => setPlaying(false));
    ws.on('finish', () => setPlaying(false));
    ws.on('ready', () => {
      if (playWhenReady.current) {
        playWhenReady.current = false;
        void ws.play();
      }
    });
    surfer.current = ws;
    return () => {
      ws.destroy();
      surfer.current = null;
    };
  }, [theme.palette.text.disabled, theme.palette.primary.main]);

  const load = async (blob: Blob) => {
    const next = URL.createObjectURL(blob);
    setUrl(next);
    await surfer.current?.loadBlob(blob);
  };

  // A blob given directly is drawn at once (load reads the current surfer through its ref).
  // biome-ignore lint/correctness/useExhaustiveDependencies: load is recreated each render and only reads refs
  useEffect(() => {
    if (source instanceof Blob) void load(source);
  }, [source]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );

  const toggle = async () => {
    const ws = surfer.current;
    if (!ws) return;
    if (!url && !(source instanceof Blob)) {
      setLoading(true);
      try {
        playWhenReady.current = true;
        await load(await source());
      } catch (e) {
        playWhenReady.current = false;
        toastError(e);
      } finally {
        setLoading(false);
      }
      return;
    }
    await ws.playPause();
  };

  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', minWidth: 0, flex: 1 }}
      data-testid="waveform-player"
    >
      <Tooltip title={playing ? t('Pause') : t('Play')}>
        <span>
          <IconButton
            onClick={toggle}
            disabled={loading}
            aria-label={playing ? t('Pause {{name}}', { name: label }) : t('Play {{name}}', { name: label })}
            data-playing={playing ? 'true' : 'false'}
          >
            {playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
        </span>
      </Tooltip>
      <Box ref={container} sx={{ flex: 1, minWidth: 120, direction: 'ltr' }} aria-hidden />
      {url && (
        <Tooltip title={t('Download')}>
          <IconButton
            component="a"
            href={url}
            download={fileName ?? `${label}.wav`}
            aria-label={t('Download {{name}}', { name: label })}
          >
            <DownloadIcon />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );
}
