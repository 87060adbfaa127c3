import { FormControl, FormHelperText, InputLabel, OutlinedInput } from '@mui/material';
import { type ChangeEventHandler, type FocusEventHandler, type InputHTMLAttributes, type Ref, useId } from 'react';

export interface AuthFieldProps {
  label: string;
  name?: string;
  type?: string;
  value?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  ref?: Ref<HTMLDivElement>;
  slotProps?: { htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string> };
}

/**
 * The outlined text field of the sign-in pages: the same markup as MUI's TextField (label, outlined input,
 * helper text) without TextField's select mode, whose Select, Menu, Popover and Modal would otherwise be
 * in the first bundle every visitor of /login downloads. Other pages use TextField.
 */
export function AuthField({ label, helperText, error, disabled, ref, slotProps, ...input }: AuthFieldProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl ref={ref} variant="outlined" fullWidth={false} error={error} disabled={disabled}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput id={id} label={label} aria-describedby={helperId} inputProps={slotProps?.htmlInput} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
