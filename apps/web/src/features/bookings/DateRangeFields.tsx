import { Stack, type SxProps, TextField, type Theme } from '@mui/material';
import { BOOKING_UI } from '@taxi/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TEXT_FORMAT, dateTextToValue, valueToDateText } from '../../components/dateText';
import { formatPattern } from '../../i18n/format';

const isoToDmy = (iso: string) => valueToDateText(iso, 'date');
const dmyToIso = (text: string) => dateTextToValue(text, 'date');

/** One date typed DD/MM/YYYY (never the browser's US mm/dd/yyyy), with a calendar button beside it. */
function DmyField({
  label,
  value,
  onChange,
  testId,
  sx,
}: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  testId: string;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(isoToDmy(value));
  useEffect(() => {
    setText((current) => (dmyToIso(current) === value ? current : isoToDmy(value)));
  }, [value]);
  const invalid = text.trim() !== '' && dmyToIso(text) === null;
  const format = formatPattern(DATE_TEXT_FORMAT.date);
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start' }}>
      <TextField
        size="small"
        label={label}
        placeholder={format}
        value={text}
        error={invalid}
        title={invalid ? format : undefined}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          if (next.trim() === '') onChange('');
          else {
            const iso = dmyToIso(next);
            if (iso) onChange(iso);
          }
        }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': testId, inputMode: 'numeric', dir: 'ltr' },
        }}
        sx={sx ?? { width: 140 }}
      />
      <TextField
        size="small"
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{ htmlInput: { 'aria-label': t('{{label}}: calendar', { label }), tabIndex: -1 } }}
        sx={{ width: 44, '& input': { px: 0.5, color: 'transparent' } }}
      />
    </Stack>
  );
}

/** The From and To dates of a bookings search ('YYYY-MM-DD', '' for none), typed and shown DD/MM/YYYY. */
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
  return (
    <>
      <DmyField label={BOOKING_UI.fromDate} value={from} onChange={onFrom} testId="from-date" sx={sx} />
      <DmyField label={BOOKING_UI.toDate} value={to} onChange={onTo} testId="to-date" sx={sx} />
    </>
  );
}
