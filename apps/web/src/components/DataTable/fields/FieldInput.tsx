import {
  Autocomplete,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  InputAdornment,
  MenuItem,
  TextField,
} from '@mui/material';
import type { FieldDef } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import type { TFunction } from 'i18next';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateText } from '../../../i18n';
import { DateTextField } from '../../DateTextField';
import { useReferenceOptions } from '../api';

/** Under a field: its error (a shared zod or server message) or its hint, in the current language. */
const fieldHelper = (t: TFunction, error: string | undefined, helper: string | undefined) =>
  error ? translateText(error) : helper && t(helper);

export type FormValues = Record<string, unknown>;

interface Props {
  field: FieldDef;
  control: Control<FormValues>;
  autoFocus?: boolean;
  /** Edit dialog: a blank password keeps the current one. */
  editing?: boolean;
}

/** Roles (50, role 1 excluded), permissions and any other reference list. */
function MultiReferenceInput({ field, control }: Props) {
  const { t } = useTranslation();
  const options = useReferenceOptions(field);
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: f, fieldState }) => {
        const ids = Array.isArray(f.value) ? (f.value as number[]) : [];
        const list = options.data ?? [];
        return (
          <Autocomplete
            multiple
            options={list}
            loading={options.isLoading}
            loadingText={t('Loading…')}
            noOptionsText={t('No options')}
            openText={t('Open')}
            closeText={t('Close')}
            clearText={t('Clear')}
            value={list.filter((o) => ids.includes(o.id))}
            getOptionLabel={(o) => o.label}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, value) => f.onChange(value.map((v) => v.id))}
            renderInput={(params) => (
              <TextField
                {...params}
                name={field.name}
                label={t(field.label)}
                required={field.required}
                error={!!fieldState.error}
                helperText={fieldHelper(t, fieldState.error?.message, field.helper)}
              />
            )}
          />
        );
      }}
    />
  );
}

function ReferenceInput({ field, control }: Props) {
  const { t } = useTranslation();
  const options = useReferenceOptions(field);
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: f, fieldState }) => (
        <TextField
          select
          fullWidth
          name={field.name}
          label={t(field.label)}
          required={field.required}
          value={f.value ?? ''}
          onChange={(e) => f.onChange(e.target.value)}
          error={!!fieldState.error}
          helperText={fieldHelper(t, fieldState.error?.message, field.helper)}
        >
          {(options.data ?? []).map((o) => (
            <MenuItem key={o.id} value={String(o.id)}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** One input of the add/edit dialog, chosen by the field's type; errors (client or server 422) below it. */
export function FieldInput(props: Props) {
  const { field, control, autoFocus, editing } = props;
  const { t } = useTranslation();
  if (field.type === 'multireference') return <MultiReferenceInput {...props} />;
  if (field.type === 'reference') return <ReferenceInput {...props} />;
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: f, fieldState }) => {
        // A catalogue name is edited as stored; the lists show it in the console's language, said under it.
        const shownAs = field.dataName && typeof f.value === 'string' ? dataLabel(f.value) : '';
        const helper =
          fieldHelper(t, fieldState.error?.message, field.helper) ||
          (shownAs && shownAs !== f.value ? t('Shown in this language as {{name}}', { name: shownAs }) : undefined);
        if (field.type === 'boolean') {
          return (
            <div>
              <FormControlLabel
                control={
                  <Checkbox name={field.name} checked={!!f.value} onChange={(e) => f.onChange(e.target.checked)} />
                }
                label={t(field.label)}
              />
              {helper && <FormHelperText error={!!fieldState.error}>{helper}</FormHelperText>}
            </div>
          );
        }
        const common = {
          fullWidth: true,
          name: field.name,
          label: t(field.label),
          required: field.required && !(editing && field.type === 'password'),
          value: (f.value as string | undefined) ?? '',
          onChange: (e: { target: { value: string } }) => f.onChange(e.target.value),
          onBlur: f.onBlur,
          inputRef: f.ref,
          autoFocus,
          error: !!fieldState.error,
          helperText: helper,
        };
        switch (field.type) {
          case 'select':
            return (
              <TextField select {...common}>
                {(field.options ?? []).map((o) => (
                  <MenuItem key={String(o.value)} value={String(o.value)}>
                    {t(o.label)}
                  </MenuItem>
                ))}
              </TextField>
            );
          case 'textarea':
            return <TextField multiline minRows={3} {...common} />;
          case 'number':
            return <TextField {...common} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />;
          case 'date':
          case 'datetime':
            // Typed DD/MM/YYYY [HH:mm]: a native date input would follow the browser's locale (mm/dd/yyyy).
            return (
              <DateTextField
                kind={field.type}
                value={common.value}
                onChange={f.onChange}
                label={common.label}
                name={field.name}
                required={common.required}
                error={common.error}
                helperText={helper}
                autoFocus={autoFocus}
                onBlur={f.onBlur}
                inputRef={f.ref}
              />
            );
          case 'password':
            return <TextField type="password" autoComplete="new-password" {...common} />;
          case 'email':
            return <TextField type="email" {...common} />;
          case 'phone':
            return <TextField type="tel" {...common} />;
          case 'color':
            return (
              <TextField
                {...common}
                slotProps={{
                  input: {
                    startAdornment: (
                      <InputAdornment position="start">
                        <input
                          type="color"
                          aria-label={t(field.label)}
                          value={/^#[0-9a-f]{6}$/i.test(String(f.value ?? '')) ? String(f.value) : '#000000'}
                          onChange={(e) => f.onChange(e.target.value)}
                          style={{ width: 28, height: 28, border: 0, padding: 0, background: 'none' }}
                        />
                      </InputAdornment>
                    ),
                  },
                }}
              />
            );
          default:
            return <TextField {...common} />;
        }
      }}
    />
  );
}
