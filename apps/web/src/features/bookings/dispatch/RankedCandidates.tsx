import { Box, Chip, Stack, Typography } from '@mui/material';
import { BOOKING_UI, type CandidateRankingDto, type CandidateScore, DISPATCH_UI } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { formatKm, formatList } from '../../../i18n/format';
import { CandidateOption, candidateOptionId, SectionHeading } from './CandidateOption';
import { exclusionCounts, onTrip } from './model';
import { ScoreParts } from './ScoreParts';

interface Props {
  ranking: CandidateRankingDto;
  /** The ranked candidates the filter lets through. */
  shown: readonly CandidateScore[];
  selected: number | null;
  /** The listbox's id: the options' ids derive from it. */
  listId: string;
  disabled: boolean;
  onPick: (captainId: number) => void;
}

/** "Best candidates": the ranking, each with its score's parts, and why the other captains were left out. */
export function RankedCandidates({ ranking, shown, selected, listId, disabled, onPick }: Props) {
  const headingId = `${listId}-best`;
  const suggested = ranking.candidates.find((c) => !onTrip(c))?.captain_id ?? null;
  return (
    <Box role="group" aria-labelledby={headingId} data-testid="ranked-candidates">
      <SectionHeading id={headingId} end={DISPATCH_UI.scoreHelp}>
        {DISPATCH_UI.bestCandidates}
      </SectionHeading>
      {ranking.candidates.length === 0 && (
        <Typography sx={{ px: 1.5, py: 1, fontSize: 13, color: 'text.secondary' }} data-testid="no-ranked">
          {DISPATCH_UI.noRanked}
        </Typography>
      )}
      {shown.map((c) => (
        <CandidateOption
          key={c.captain_id}
          id={candidateOptionId(listId, c.captain_id)}
          selected={c.captain_id === selected}
          disabled={disabled || onTrip(c)}
          description={describe(c)}
          testId={`ranked-${c.captain_id}`}
          onPick={() => onPick(c.captain_id)}
        >
          <RankedRow candidate={c} suggested={c.captain_id === suggested} />
        </CandidateOption>
      ))}
      <LeftOut ranking={ranking} />
    </Box>
  );
}

function RankedRow({ candidate: c, suggested }: { candidate: CandidateScore; suggested: boolean }) {
  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Typography noWrap sx={{ fontSize: 14, fontWeight: 600 }} data-testid="candidate-name">
              {c.name}
            </Typography>
            {suggested && (
              <Chip size="small" color="primary" label={DISPATCH_UI.suggestion} data-testid="suggestion-chip" />
            )}
            {c.clears_in_s !== null && (
              <Chip
                size="small"
                color="info"
                variant="outlined"
                label={DISPATCH_UI.clearsIn(Math.max(1, Math.ceil(c.clears_in_s / 60)))}
                title={DISPATCH_UI.clearsInHelp}
                data-testid="clears-in-chip"
              />
            )}
          </Stack>
          <Typography noWrap sx={{ fontSize: 12, color: 'text.secondary' }}>
            {c.car_number ?? '—'}
            {c.vehicle_type ? ` · ${dataLabel(c.vehicle_type)}` : ''}
          </Typography>
        </Box>
        <Typography sx={{ fontSize: 13, minWidth: 56, textAlign: 'end' }}>
          <bdi>{formatKm(c.distance_m)}</bdi>
        </Typography>
        <Typography sx={{ fontSize: 13, minWidth: 52, textAlign: 'end', fontWeight: 600 }}>
          {BOOKING_UI.minutes(c.eta_s)}
        </Typography>
        <Box sx={{ minWidth: 48, textAlign: 'end' }} data-testid="score-total">
          <Typography sx={{ fontSize: 11, color: 'text.secondary', lineHeight: 1.2 }}>{DISPATCH_UI.score}</Typography>
          <Typography sx={{ fontSize: 14, fontWeight: 700, lineHeight: 1.2 }}>{c.total}</Typography>
        </Box>
      </Stack>
      <ScoreParts candidate={c} />
    </>
  );
}

/** The score in one sentence (the option's accessible description). */
function describe(c: CandidateScore): string {
  const { eta, idle_bonus, constraint_penalty, stale_penalty } = c.parts;
  const score = DISPATCH_UI.describe(c.total, eta, idle_bonus, constraint_penalty, stale_penalty);
  return c.station_queue === null ? score : `${score}. ${DISPATCH_UI.describeQueue(c.station_queue)}`;
}

/** "Left out: 4 busy, 2 offline · Considered near the pickup: 75". */
function LeftOut({ ranking }: { ranking: CandidateRankingDto }) {
  const counts = exclusionCounts(ranking.excluded);
  const reasons = counts.length
    ? DISPATCH_UI.leftOut(formatList(counts.map(([reason, n]) => DISPATCH_UI.exclusions[reason](n))))
    : DISPATCH_UI.noneLeftOut;
  return (
    <Typography
      sx={{ px: 1.5, pt: 0.75, pb: 1, fontSize: 12, color: 'text.secondary' }}
      data-testid="dispatch-left-out"
    >
      {reasons} · {DISPATCH_UI.considered(ranking.considered)}
    </Typography>
  );
}
