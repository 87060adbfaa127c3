import { MenuItem, type SxProps, TextField, type Theme } from '@mui/material';
import type { ReactNode } from 'react';

interface Ref {
  id: number;
  name: string;
}

/**
 * A select over `{ id, name }` references (services, categories): the value is an id, or '' for the
 * `emptyLabel` option when there is one.
 */
export function RefSelect({
  label,
  value,
  options,
  onChange,
  emptyLabel,
  error,
  helperText,
  disabled,
  sx,
  testId,
}: {
  label: string;
  value: number | '';
  options: readonly Ref[] | undefined;
  onChange: (value: number | '') => void;
  emptyLabel?: ReactNode;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  sx?: SxProps<Theme>;
  testId?: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
      error={error}
      helperText={helperText}
      disabled={disabled}
      sx={sx}
      slotProps={testId ? { htmlInput: { 'data-testid': testId } } : undefined}
    >
      {emptyLabel !== undefined && <MenuItem value="">{emptyLabel}</MenuItem>}
      {(options ?? []).map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
