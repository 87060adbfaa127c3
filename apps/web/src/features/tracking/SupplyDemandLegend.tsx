import { Box, Paper, Stack, Typography, useTheme } from '@mui/material';
import { SUPPLY_DEMAND_MSG as M, type SupplyDemandDto } from '@taxi/shared';
import { mapPalette } from '../../components/map/palette';

const SHOWN_LEVELS = ['balanced', 'low', 'medium', 'high'] as const;

/** The supply and demand layer's key: its colours, what the labels count, the totals and the refresh rate. */
export function SupplyDemandLegend({ data }: { data: SupplyDemandDto | undefined }) {
  const theme = useTheme();
  const palette = mapPalette(theme.palette.mode === 'dark');
  return (
    <Paper
      elevation={3}
      data-testid="supply-demand-legend"
      data-waiting={data?.waiting ?? ''}
      data-free={data?.free ?? ''}
      sx={{ position: 'absolute', left: 8, bottom: 28, zIndex: 1, p: 1.25, maxWidth: 260 }}
    >
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        {M.legend}
      </Typography>
      <Stack component="ul" spacing={0.25} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {SHOWN_LEVELS.map((level) => (
          <Stack component="li" key={level} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box
              sx={{
                width: 14,
                height: 14,
                borderRadius: 0.5,
                flex: 'none',
                bgcolor: palette.heat[level],
                border: 1,
                borderColor: 'divider',
              }}
            />
            <Typography variant="body2">{M.levels[level]}</Typography>
          </Stack>
        ))}
      </Stack>
      {data && (
        <Typography variant="body2" sx={{ mt: 0.75 }} data-testid="supply-demand-totals">
          {M.totals(data.waiting, data.free)}
        </Typography>
      )}
      <Typography variant="caption" color="textSecondary">
        {M.refresh}
      </Typography>
    </Paper>
  );
}
