import { Box, Typography } from '@mui/material';
import { RIDE_UI } from '@taxi/shared';
import type { ReactNode } from 'react';

/** A labelled value of the ride page (and its ratings); an empty value says so. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="textSecondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children || RIDE_UI.none}
      </Typography>
    </Box>
  );
}
