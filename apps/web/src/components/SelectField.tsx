import { MenuItem, type SxProps, TextField, type Theme } from '@mui/material';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

/** A small select over a fixed list of values (filters, categories). */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  sx,
}: {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <TextField select size="small" label={label} value={value} onChange={(e) => onChange(e.target.value as V)} sx={sx}>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
