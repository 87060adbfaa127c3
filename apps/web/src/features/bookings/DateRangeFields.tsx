import { Stack, type SxProps, TextField, type Theme } from '@mui/material';
import { BOOKING_UI } from '@taxi/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { latinDigits } from '../../components/dateText';
import { formatPattern } from '../../i18n/format';

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' ('' stays ''). */
export function isoToDmy(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** 'DD/MM/YYYY' (or D/M/YYYY, with - or . too) → 'YYYY-MM-DD', or null when it is not a real date. */
export function dmyToIso(text: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(latinDigits(text));
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

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
  const format = formatPattern('DD/MM/YYYY');
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
