import { Box, Stack } from '@mui/material';
import { type FieldDef, RESOURCE_MSG, type ResourceRow } from '@taxi/shared';
import { cellText } from './values';

/** The default cell of a field: a swatch and its code for colours, else the field's text. */
export function DataCell({ field, row }: { field: FieldDef; row: ResourceRow }) {
  const value = row[field.name];
  if (field.type === 'color' && typeof value === 'string') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Box
          sx={{
            width: 16,
            height: 16,
            borderRadius: 0.5,
            border: 1,
            borderColor: 'divider',
            bgcolor: value,
          }}
        />
        <span>{value}</span>
      </Stack>
    );
  }
  return cellText(field, row, RESOURCE_MSG.yes, RESOURCE_MSG.no);
}
