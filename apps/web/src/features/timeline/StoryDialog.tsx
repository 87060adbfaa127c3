import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Slider,
  Stack,
  Typography,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { actionLabel, actorLabel, type StoryItemDto, TIMELINE_UI } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/client';
import { apiData, endpoints } from '../../api/endpoints';
import { formatDateTimeSeconds } from '../../i18n/format';
import { KindDot, STORY_COLOUR } from './kindColours';
import { axisPositions, clockOffset, secondsFromStart, shownAt } from './storyAxis';

const PLAY_MS = 6000;
const STEPS = 1000;

/** One moment as words: the offer's captain and answer, the geofence, the chat line, the audit action. */
function describe(item: StoryItemDto): string {
  const who = actorLabel(item.actor);
  if (item.kind === 'offer') return TIMELINE_UI.offerTo(who, actionLabel(item.action));
  if (item.kind === 'geofence') return item.action === 'enter' ? TIMELINE_UI.entered(who) : TIMELINE_UI.left(who);
  if (item.kind === 'chat') return `${actionLabel(item.action)}: ${item.text ?? ''}`;
  // A complaint's actor is its category: a catalogue name.
  if (item.kind === 'complaint')
    return [dataLabel(item.actor), item.text, actionLabel(item.action)].filter(Boolean).join(' · ');
  return `${actionLabel(item.action)} · ${who}`;
}

/** A booking's whole story on one time axis, replayable: the scrubber (or Play) reveals it moment by moment. */
export function StoryDialog({ bookingId, onClose }: { bookingId: number | null; onClose: () => void }) {
  useTranslation();
  const theme = useTheme();
  const titleId = useId();
  const story = useQuery({
    queryKey: ['timeline-story', bookingId],
    enabled: bookingId !== null,
    queryFn: ({ signal }) => apiData(endpoints.bookingStory, { params: { id: bookingId ?? 0 }, signal }),
  });
  const items = story.data?.items ?? [];
  const positions = useMemo(() => axisPositions(items.map((i) => i.at)), [items]);
  const offsets = useMemo(() => secondsFromStart(items.map((i) => i.at)), [items]);
  const [at, setAt] = useState(STEPS);
  const [playing, setPlaying] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new booking starts with its whole story shown
  useEffect(() => {
    setAt(STEPS);
    setPlaying(false);
  }, [bookingId]);
  useEffect(() => {
    if (!playing) return;
    const started = performance.now();
    const timer = window.setInterval(() => {
      const done = Math.min(1, (performance.now() - started) / PLAY_MS);
      setAt(Math.round(done * STEPS));
      if (done >= 1) setPlaying(false);
    }, 50);
    return () => window.clearInterval(timer);
  }, [playing]);
  const shown = shownAt(positions, at / STEPS);

  return (
    <Dialog open={bookingId !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <DialogTitle id={titleId}>{bookingId !== null ? TIMELINE_UI.story(bookingId) : ''}</DialogTitle>
      <DialogContent>
        {story.isFetching && <LinearProgress />}
        {story.isError && <Typography color="error">{errorMessage(story.error)}</Typography>}
        {story.isSuccess && items.length === 0 && (
          <Typography color="textSecondary">{TIMELINE_UI.storyEmpty}</Typography>
        )}
        {items.length > 0 && (
          <Stack spacing={2}>
            <Box sx={{ position: 'relative', height: 28, mx: 1 }} data-testid="story-axis" aria-hidden>
              <Box sx={{ position: 'absolute', top: 13, left: 0, right: 0, height: 2, bgcolor: 'divider' }} />
              {items.map((item, i) => (
                <Box
                  key={item.ref}
                  sx={{
                    position: 'absolute',
                    top: 6,
                    left: `calc(${positions[i] * 100}% - 8px)`,
                    width: 16,
                    height: 16,
                    borderRadius: '50%',
                    bgcolor: `${STORY_COLOUR[item.kind]}.main`,
                    border: 2,
                    borderColor: 'background.paper',
                    opacity: i < shown ? 1 : 0.25,
                    transition: theme.transitions.create('opacity'),
                  }}
                />
              ))}
            </Box>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button
                variant="outlined"
                size="small"
                startIcon={playing ? <StopIcon /> : <PlayArrowIcon />}
                onClick={() => {
                  if (!playing) setAt(0);
                  setPlaying(!playing);
                }}
                data-testid="story-play"
              >
                {playing ? TIMELINE_UI.stop : TIMELINE_UI.play}
              </Button>
              <Slider
                value={at}
                min={0}
                max={STEPS}
                onChange={(_, v) => {
                  setPlaying(false);
                  setAt(v as number);
                }}
                aria-label={TIMELINE_UI.scrub}
                data-testid="story-scrub"
              />
            </Stack>
            <List dense data-testid="story-list">
              {items.map((item, i) => (
                <ListItem
                  key={item.ref}
                  divider
                  sx={{ opacity: i < shown ? 1 : 0.4 }}
                  data-testid="story-item"
                  data-shown={i < shown ? 'true' : 'false'}
                >
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'center', width: '100%' }}>
                    <Typography variant="body2" color="textSecondary" sx={{ width: 90, flex: 'none' }} dir="ltr">
                      +{clockOffset(offsets[i])}
                    </Typography>
                    <Chip
                      size="small"
                      variant="outlined"
                      icon={<KindDot colour={STORY_COLOUR[item.kind]} />}
                      label={TIMELINE_UI.storyKinds[item.kind]}
                      sx={{ width: 150, flex: 'none' }}
                    />
                    <ListItemText primary={describe(item)} secondary={formatDateTimeSeconds(item.at)} />
                  </Stack>
                </ListItem>
              ))}
            </List>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{TIMELINE_UI.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
