import { Box, Stack } from '@mui/material';
import type { ComplaintStatus } from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';

/** A status's colour dot (theme palette): untreated red, partly orange, treated green. */
export const STATUS_COLOR: Record<ComplaintStatus, string> = {
  'Not Treated': 'error.main',
  'Partially Treated': 'warning.main',
  Treated: 'success.main',
};

/** The colour dot and the status's name (the dot alone carries no meaning for a screen reader). */
export function StatusDot({ status, index }: { status: ComplaintStatus; index?: number }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', whiteSpace: 'nowrap' }}>
      <Box
        component="span"
        aria-hidden
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: STATUS_COLOR[status], flexShrink: 0 }}
      />
      {index !== undefined && <span>{index}</span>}
      <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.8125rem' }}>
        {tr(status)}
      </Box>
    </Stack>
  );
}
