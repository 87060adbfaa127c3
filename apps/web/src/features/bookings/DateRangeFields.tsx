import { type SxProps, TextField, type Theme } from '@mui/material';
import { BOOKING_UI } from '@taxi/shared';

/** The From and To dates of a bookings search ('YYYY-MM-DD', '' for none). */
export function DateRangeFields({
  from,
  to,
  onFrom,
  onTo,
  sx,
}: {
  from: string;
  to: string;
  onFrom: (date: string) => void;
  onTo: (date: string) => void;
  sx?: SxProps<Theme>;
}) {
  const field = (label: string, value: string, onChange: (date: string) => void) => (
    <TextField
      size="small"
      type="date"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={sx}
    />
  );
  return (
    <>
      {field(BOOKING_UI.fromDate, from, onFrom)}
      {field(BOOKING_UI.toDate, to, onTo)}
    </>
  );
}
