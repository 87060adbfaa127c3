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
import { type Control, Controller } from 'react-hook-form';
import { useReferenceOptions } from '../api';

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
            value={list.filter((o) => ids.includes(o.id))}
            getOptionLabel={(o) => o.label}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            onChange={(_, value) => f.onChange(value.map((v) => v.id))}
            renderInput={(params) => (
              <TextField
                {...params}
                name={field.name}
                label={field.label}
                required={field.required}
                error={!!fieldState.error}
                helperText={fieldState.error?.message ?? field.helper}
              />
            )}
          />
        );
      }}
    />
  );
}

function ReferenceInput({ field, control }: Props) {
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
          label={field.label}
          required={field.required}
          value={f.value ?? ''}
          onChange={(e) => f.onChange(e.target.value)}
          error={!!fieldState.error}
          helperText={fieldState.error?.message ?? field.helper}
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
  if (field.type === 'multireference') return <MultiReferenceInput {...props} />;
  if (field.type === 'reference') return <ReferenceInput {...props} />;
  return (
    <Controller
      name={field.name}
      control={control}
      render={({ field: f, fieldState }) => {
        const helper = fieldState.error?.message ?? field.helper;
        if (field.type === 'boolean') {
          return (
            <div>
              <FormControlLabel
                control={
                  <Checkbox name={field.name} checked={!!f.value} onChange={(e) => f.onChange(e.target.checked)} />
                }
                label={field.label}
              />
              {helper && <FormHelperText error={!!fieldState.error}>{helper}</FormHelperText>}
            </div>
          );
        }
        const common = {
          fullWidth: true,
          name: field.name,
          label: field.label,
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
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            );
          case 'textarea':
            return <TextField multiline minRows={3} {...common} />;
          case 'number':
            return <TextField {...common} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />;
          case 'date':
            return <TextField type="date" {...common} slotProps={{ inputLabel: { shrink: true } }} />;
          case 'datetime':
            return <TextField type="datetime-local" {...common} slotProps={{ inputLabel: { shrink: true } }} />;
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
                          aria-label={field.label}
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
