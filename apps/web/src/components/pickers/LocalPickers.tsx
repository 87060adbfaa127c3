import { Box, Button, FormHelperText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  APPEARANCE_CONSTRAINT_LABELS,
  APPEARANCE_CONSTRAINTS,
  DEFAULT_APPEARANCE_CONSTRAINT,
  hasFileExtension,
  ID_CARD_MIME_TYPES,
  PEOPLE_MSG,
} from '@taxi/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPattern } from '../../i18n/format';
import { DATE_TEXT_FORMAT, dateTextToValue, valueToDateText } from '../dateText';

/**
 * A date typed or chosen, shown DD/MM/YYYY like every date typed in the console (TIME_FORMATS.date, bookings.md §9);
 * value is YYYY-MM-DD or ''.
 */
export function DatePicker(props: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  error?: string;
  required?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(valueToDateText(props.value, 'date'));
  useEffect(() => {
    setText(valueToDateText(props.value, 'date'));
  }, [props.value]);
  const invalid = text !== '' && dateTextToValue(text, 'date') === null;
  const format = formatPattern(DATE_TEXT_FORMAT.date);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        label={props.label}
        placeholder={format}
        value={text}
        required={props.required}
        onChange={(e) => {
          setText(e.target.value);
          const iso = dateTextToValue(e.target.value, 'date');
          if (iso) props.onChange(iso);
          else if (e.target.value === '') props.onChange('');
        }}
        error={invalid || Boolean(props.error)}
        helperText={props.error ?? (invalid ? t('Use the format {{format}}', { format }) : undefined)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'data-testid': props.testId, dir: 'ltr', inputMode: 'numeric' },
        }}
        // Digits read left to right, aligned like the other fields (the RTL cache turns 'left' into 'right').
        sx={{ '& input': { textAlign: 'left' } }}
        fullWidth
      />
      <TextField
        type="date"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        slotProps={{ htmlInput: { 'aria-label': t('{{label}}: calendar', { label: props.label }), tabIndex: -1 } }}
        sx={{ width: 56, '& input': { px: 1, color: 'transparent' } }}
      />
    </Stack>
  );
}

/** BLACKLIST or WHITELIST, default WHITELIST. */
export function AppearanceConstraintPicker(props: {
  value?: string;
  onChange: (value: (typeof APPEARANCE_CONSTRAINTS)[number]) => void;
  label?: string;
  helperText?: string;
  size?: 'small' | 'medium';
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size={props.size}
      label={props.label ?? t('Appearance constraint')}
      value={props.value ?? DEFAULT_APPEARANCE_CONSTRAINT}
      onChange={(e) => props.onChange(e.target.value as (typeof APPEARANCE_CONSTRAINTS)[number])}
      helperText={props.helperText}
      slotProps={{ htmlInput: { 'data-testid': props.testId } }}
      fullWidth
    >
      {APPEARANCE_CONSTRAINTS.map((c) => (
        <MenuItem key={c} value={c}>
          {APPEARANCE_CONSTRAINT_LABELS[c]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * Image picker: accepts only images whose file name has an extension (people.md §2). Shows a preview of
 * the chosen file or of `currentUrl` (the stored image).
 */
export function ImagePicker(props: {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  currentUrl?: string | null;
  error?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!props.file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(props.file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [props.file]);
  const shown = preview ?? props.currentUrl ?? null;
  const error = localError ?? props.error;
  return (
    <Box>
      <Typography variant="subtitle2" gutterBottom>
        {props.label}
      </Typography>
      <Box
        sx={{
          height: 150,
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderStyle: 'dashed',
          borderRadius: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
          bgcolor: 'action.hover',
          mb: 1,
        }}
      >
        {shown ? (
          <img src={shown} alt={props.label} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
        ) : (
          <Typography variant="body2" color="textSecondary">
            {t('No image')}
          </Typography>
        )}
      </Box>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ID_CARD_MIME_TYPES.join(',')}
        hidden
        data-testid={props.testId}
        onChange={(e) => {
          const file = e.target.files?.[0] ?? null;
          e.target.value = '';
          if (!file) return;
          if (!hasFileExtension(file.name)) {
            setLocalError(PEOPLE_MSG.fileNeedsExtension);
            return;
          }
          if (!(ID_CARD_MIME_TYPES as readonly string[]).includes(file.type)) {
            setLocalError(PEOPLE_MSG.imagesOnly);
            return;
          }
          setLocalError(null);
          props.onChange(file);
        }}
      />
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="outlined" onClick={() => input.current?.click()}>
          {shown ? t('Replace') : t('Choose image')}
        </Button>
        {props.file && (
          <Button size="small" onClick={() => props.onChange(null)}>
            {t('Undo')}
          </Button>
        )}
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

/** Phone numbers, one per line (blank lines dropped). */
export function PhoneNumbersInput(props: {
  label?: string;
  value: string[];
  onChange: (numbers: string[]) => void;
  error?: string;
  required?: boolean;
  name?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(props.value.join('\n'));
  return (
    <TextField
      label={props.label ?? t('Phone numbers')}
      name={props.name}
      required={props.required}
      error={!!props.error}
      helperText={props.error ?? t('One number per line')}
      multiline
      minRows={3}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        props.onChange(
          e.target.value
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean),
        );
      }}
      slotProps={{ htmlInput: { 'data-testid': props.testId, dir: 'ltr' } }}
      fullWidth
    />
  );
}
