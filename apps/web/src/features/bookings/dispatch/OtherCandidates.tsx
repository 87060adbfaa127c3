import { Box, Stack, Typography } from '@mui/material';
import { BOOKING_UI, type BookingCandidateDto, DISPATCH_UI } from '@taxi/shared';
import { formatKm } from '../../../i18n/format';
import { CandidateOption, candidateOptionId, SectionHeading } from './CandidateOption';

interface Props {
  captains: readonly BookingCandidateDto[];
  selected: number | null;
  listId: string;
  disabled: boolean;
  onPick: (captainId: number) => void;
}

/** "Other captains": whoever the operator may still dispatch to by hand, nearest first. */
export function OtherCandidates({ captains, selected, listId, disabled, onPick }: Props) {
  const headingId = `${listId}-others`;
  return (
    <Box role="group" aria-labelledby={headingId} data-testid="other-candidates">
      <SectionHeading id={headingId}>{DISPATCH_UI.otherCaptains}</SectionHeading>
      {captains.map((c) => (
        <CandidateOption
          key={c.captain.id}
          id={candidateOptionId(listId, c.captain.id)}
          selected={c.captain.id === selected}
          disabled={disabled}
          testId={`candidate-${c.captain.id}`}
          onPick={() => onPick(c.captain.id)}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography noWrap sx={{ fontSize: 14, fontWeight: 600 }} data-testid="candidate-name">
                {c.captain.full_name}
              </Typography>
              <Typography noWrap sx={{ fontSize: 12, color: 'text.secondary' }}>
                {c.car
                  ? `${c.car.number}${c.car.brand_model ? ` · ${c.car.brand_model.brand.name} ${c.car.brand_model.name}` : ''}`
                  : '—'}
                {' · '}
                {c.online ? BOOKING_UI.online : BOOKING_UI.offline}
              </Typography>
            </Box>
            <Typography sx={{ fontSize: 13, minWidth: 56, textAlign: 'end' }}>
              <bdi>{formatKm(c.distance_m)}</bdi>
            </Typography>
            <Typography sx={{ fontSize: 13, minWidth: 52, textAlign: 'end', fontWeight: 600 }}>
              {BOOKING_UI.minutes(c.eta_s)}
            </Typography>
            {/* Keeps the columns under the ranked list's (which ends with the score). */}
            <Box sx={{ minWidth: 48 }} />
          </Stack>
        </CandidateOption>
      ))}
    </Box>
  );
}
