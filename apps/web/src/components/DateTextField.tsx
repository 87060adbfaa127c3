import { Stack, TextField } from '@mui/material';
import { type FocusEventHandler, type ReactNode, type Ref, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPattern } from '../i18n/format';
import { DATE_TEXT_FORMAT, type DateTextKind, dateTextToValue, valueToDateText } from './dateText';

/**
 * A date (or date and time) typed DD/MM/YYYY [HH:mm] whatever the browser's locale, with a calendar button
 * beside it (the browser's own picker, its text hidden). `value` is 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm';
 * a text that is not a date is passed on as typed, so the form's validation rejects it.
 */
export function DateTextField({
  kind,
  value,
  onChange,
  label,
  name,
  required,
  error,
  helperText,
  autoFocus,
  onBlur,
  inputRef,
  testId,
  size,
}: {
  kind: DateTextKind;
  value: string;
  onChange: (value: string) => void;
  label: string;
  name?: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  autoFocus?: boolean;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  inputRef?: Ref<HTMLInputElement>;
  testId?: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  // The placeholder in the console's language: JJ/MM/AAAA in French (digits are typed the same in every one).
  const format = formatPattern(DATE_TEXT_FORMAT[kind]);
  const [text, setText] = useState(() => valueToDateText(value, kind));
  useEffect(() => {
    // The form's value changed from outside (a reset, the calendar): show it, unless it is what is typed.
    setText((current) =>
      current === value || dateTextToValue(current, kind) === value ? current : valueToDateText(value, kind),
    );
  }, [value, kind]);
  const invalid = text.trim() !== '' && dateTextToValue(text, kind) === null;
  const calendarValue = dateTextToValue(valueToDateText(value, kind), kind) ?? '';
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', width: '100%' }}>
      <TextField
        fullWidth
        size={size}
        name={name}
        label={label}
        required={required}
        autoFocus={autoFocus}
        placeholder={format}
        value={text}
        error={invalid || error}
        helperText={helperText || (invalid ? t('Use the format {{format}}', { format }) : undefined)}
        onBlur={onBlur}
        inputRef={inputRef}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          onChange(next.trim() === '' ? '' : (dateTextToValue(next, kind) ?? next));
        }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { dir: 'ltr', inputMode: 'numeric', 'data-testid': testId },
        }}
        // Digits read left to right, aligned like the other fields (the RTL cache turns 'left' into 'right').
        sx={{ '& input': { textAlign: 'left' } }}
      />
      <TextField
        type={kind === 'date' ? 'date' : 'datetime-local'}
        size={size}
        value={calendarValue}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{ htmlInput: { 'aria-label': t('{{label}}: calendar', { label }), tabIndex: -1 } }}
        sx={{ width: 48, flexShrink: 0, '& input': { px: 0.5, color: 'transparent' } }}
      />
    </Stack>
  );
}
