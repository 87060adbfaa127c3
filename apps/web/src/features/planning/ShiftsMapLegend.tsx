import { Box, Paper, Stack, Typography, useTheme } from '@mui/material';
import { SHIFTS_MAP_MSG as M, SHIFT_COVERAGE_STEPS } from '@taxi/shared';
import type { ReactNode } from 'react';
import { mapPalette } from '../../components/map/palette';
import { formatNumber } from '../../i18n/format';

function Entry({ colour, round, children }: { colour: string; round?: boolean; children: ReactNode }) {
  return (
    <Stack component="li" direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box
        sx={{
          width: 14,
          height: 14,
          flex: 'none',
          borderRadius: round ? '50%' : 0.5,
          bgcolor: colour,
          border: 1,
          borderColor: 'divider',
        }}
      />
      <Typography variant="body2">{children}</Typography>
    </Stack>
  );
}

const listSx = { listStyle: 'none', m: 0, p: 0 };

/** A step's counts: `1–2`, or `10+` for the last one. */
function range(i: number): string {
  const from = SHIFT_COVERAGE_STEPS[i];
  const next = SHIFT_COVERAGE_STEPS[i + 1];
  if (next === undefined) return `${formatNumber(from, 0)}+`;
  return next - 1 === from ? formatNumber(from, 0) : `${formatNumber(from, 0)}–${formatNumber(next - 1, 0)}`;
}

/** The shifts map's key: sectors by captains planned, captains by where they stand. */
export function ShiftsMapLegend() {
  const theme = useTheme();
  const palette = mapPalette(theme.palette.mode === 'dark');
  return (
    <Paper
      elevation={3}
      data-testid="shifts-map-legend"
      sx={{ position: 'absolute', left: 8, bottom: 28, zIndex: 1, p: 1.25, maxWidth: 240 }}
    >
      <Typography variant="subtitle2" component="h2">
        {M.legend}
      </Typography>
      <Stack component="ul" direction="row" useFlexGap sx={{ ...listSx, flexWrap: 'wrap', columnGap: 1.5, mb: 1 }}>
        {SHIFT_COVERAGE_STEPS.map((from, i) => (
          <Entry key={from} colour={palette.coverage[i]}>
            {i === 0 ? M.legendNone : <bdi dir="ltr">{range(i)}</bdi>}
          </Entry>
        ))}
      </Stack>
      <Typography variant="subtitle2" component="h2">
        {M.legendCaptains}
      </Typography>
      <Stack component="ul" spacing={0.25} sx={listSx}>
        <Entry colour={palette.inZone} round>
          {M.inZone}
        </Entry>
        <Entry colour={palette.outOfZone} round>
          {M.outOfZone}
        </Entry>
      </Stack>
    </Paper>
  );
}
