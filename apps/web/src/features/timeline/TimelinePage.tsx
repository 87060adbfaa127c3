import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ReplayIcon from '@mui/icons-material/Replay';
import {
  Box,
  Button,
  Chip,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  actionLabel,
  actorLabel,
  TIMELINE_KINDS,
  TIMELINE_UI,
  type TimelineItemDto,
  timelineSubject,
} from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../api/endpoints';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { FetchState } from '../../components/FetchState';
import { formatDateTimeSeconds } from '../../i18n/format';
import { KIND_COLOUR, KindDot } from './kindColours';
import { StoryDialog } from './StoryDialog';
import { useTimeline } from './useTimeline';

function Row({ item, onReplay }: { item: TimelineItemDto; onReplay: (id: number) => void }) {
  const subject = timelineSubject(item);
  return (
    <ListItem
      divider
      data-testid="timeline-row"
      data-kind={item.kind}
      secondaryAction={
        item.booking_id !== null ? (
          <Tooltip title={TIMELINE_UI.replay}>
            <IconButton
              edge="end"
              aria-label={`${TIMELINE_UI.replay} ${TIMELINE_UI.bookingRef(item.booking_id)}`}
              onClick={() => onReplay(item.booking_id as number)}
            >
              <ReplayIcon />
            </IconButton>
          </Tooltip>
        ) : null
      }
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', width: '100%', pr: 4 }}>
        <Typography variant="body2" color="textSecondary" sx={{ width: 150, flex: 'none' }} dir="ltr">
          {formatDateTimeSeconds(item.at)}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          icon={<KindDot colour={KIND_COLOUR[item.kind]} />}
          label={TIMELINE_UI.kinds[item.kind]}
          sx={{ width: 130, flex: 'none' }}
        />
        <ListItemText
          primary={`${subject} · ${actionLabel(item.action)}`}
          secondary={actorLabel(item.actor)}
          slotProps={{ primary: { noWrap: true } }}
        />
      </Stack>
    </ListItem>
  );
}

/** /timeline (TIMELINE): what happens, newest first and live, by kind; a booking's story replayed on demand. */
export default function TimelinePage() {
  useTranslation();
  const [live, setLive] = useState(true);
  const [story, setStory] = useState<number | null>(null);
  const { kinds, kindsParam, setKinds, rows, pages } = useTimeline(live);
  const toggle = (kind: (typeof TIMELINE_KINDS)[number]) =>
    setKinds(
      kinds.includes(kind)
        ? kinds.filter((k) => k !== kind)
        : TIMELINE_KINDS.filter((k) => k === kind || kinds.includes(k)),
    );

  return (
    <Stack spacing={2}>
      <Paper sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography component="h2" variant="subtitle2" sx={{ mr: 1 }} id="timeline-filters">
            {TIMELINE_UI.filters}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            role="group"
            aria-labelledby="timeline-filters"
            sx={{ flexWrap: 'wrap', rowGap: 1 }}
          >
            {TIMELINE_KINDS.map((kind) => (
              <Chip
                key={kind}
                label={TIMELINE_UI.kinds[kind]}
                color={kinds.includes(kind) ? KIND_COLOUR[kind] : 'default'}
                icon={kinds.includes(kind) ? undefined : <KindDot colour={KIND_COLOUR[kind]} />}
                variant={kinds.includes(kind) ? 'filled' : 'outlined'}
                aria-pressed={kinds.includes(kind)}
                onClick={() => toggle(kind)}
                data-testid={`timeline-kind-${kind}`}
              />
            ))}
          </Stack>
          <Box sx={{ flex: 1 }} />
          <Typography variant="body2" color="textSecondary" aria-live="polite">
            {live ? TIMELINE_UI.live : TIMELINE_UI.paused}
          </Typography>
          <ExportCsvButton
            endpoint={endpoints.timelineCsv}
            filter={{ kinds: kindsParam }}
            disabled={kinds.length === 0}
          />
          <Button
            size="small"
            variant="outlined"
            startIcon={live ? <PauseIcon /> : <PlayArrowIcon />}
            onClick={() => setLive(!live)}
            data-testid="timeline-live"
          >
            {live ? TIMELINE_UI.pause : TIMELINE_UI.resume}
          </Button>
        </Stack>
      </Paper>
      <Paper>
        <FetchState query={pages} keepSpace />
        {rows.length === 0 && !pages.isFetching ? (
          <Typography sx={{ p: 3 }} color="textSecondary" data-testid="timeline-empty">
            {TIMELINE_UI.empty}
          </Typography>
        ) : (
          <List dense disablePadding data-testid="timeline-list">
            {rows.map((item) => (
              <Row key={item.id} item={item} onReplay={setStory} />
            ))}
          </List>
        )}
        {pages.hasNextPage && (
          <Box sx={{ p: 2, textAlign: 'center' }}>
            <Button
              onClick={() => pages.fetchNextPage()}
              loading={pages.isFetchingNextPage}
              data-testid="timeline-older"
            >
              {TIMELINE_UI.older}
            </Button>
          </Box>
        )}
      </Paper>
      <StoryDialog bookingId={story} onClose={() => setStory(null)} />
    </Stack>
  );
}
