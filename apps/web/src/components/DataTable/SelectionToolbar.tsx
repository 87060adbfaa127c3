import { Button, Stack, type SxProps, Typography } from '@mui/material';
import { RESOURCE_MSG } from '@taxi/shared';
import type { ReactNode } from 'react';

/**
 * The bar over a list while rows are selected (people.md §2 "row selection with bulk actions"): "N selected",
 * the list's actions (children), and Clear selection. The generic table's BulkBar and the people lists' bar.
 */
export function SelectionToolbar(props: {
  count: number;
  onClear: () => void;
  clearDisabled?: boolean;
  sx?: SxProps;
  children: ReactNode;
}) {
  return (
    <Stack
      role="toolbar"
      aria-label={RESOURCE_MSG.bulkActions}
      direction="row"
      spacing={1}
      useFlexGap
      data-testid="bulk-bar"
      sx={[
        { alignItems: 'center', flexWrap: 'wrap', px: 2, py: 1 },
        ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
      ]}
    >
      <Typography variant="body2" sx={{ fontWeight: 500 }} aria-live="polite">
        {RESOURCE_MSG.selected(props.count)}
      </Typography>
      {props.children}
      <Button size="small" onClick={props.onClear} disabled={props.clearDisabled}>
        {RESOURCE_MSG.clearSelection}
      </Button>
    </Stack>
  );
}
