import { Button, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { BOOKING_UI, type BookingCreateInput, pathTo } from '@taxi/shared';
import type { Ref } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PassengerPicker, type PickerOption } from '../../../components/pickers';

export type PassengerMode = 'existing' | 'new';

interface Props {
  mode: PassengerMode;
  onMode: (mode: PassengerMode) => void;
  passenger: PickerOption | null;
  onPassenger: (passenger: PickerOption | null) => void;
  register: UseFormRegister<BookingCreateInput>;
  errors: FieldErrors<BookingCreateInput>;
  /** The passenger search's input (focused again for the next caller). */
  searchRef?: Ref<HTMLInputElement>;
}

/** Who rides: an existing passenger (the shared passenger picker) or a new one typed in. */
export function PassengerFields({ mode, onMode, passenger, onPassenger, register, errors, searchRef }: Props) {
  useTranslation(); // re-render on a language change (the shared texts are read at render)
  const passengerError = errors.passenger_id?.message;
  return (
    <>
      <ToggleButtonGroup size="small" exclusive value={mode} onChange={(_, m) => m && onMode(m)}>
        <ToggleButton value="existing">{BOOKING_UI.existingPassenger}</ToggleButton>
        <ToggleButton value="new" data-testid="mode-new">
          {BOOKING_UI.newPassenger}
        </ToggleButton>
      </ToggleButtonGroup>
      {mode === 'existing' ? (
        <Stack direction="row" spacing={1}>
          <Stack sx={{ flex: 1 }}>
            <PassengerPicker
              label={BOOKING_UI.passengerSearch}
              value={passenger}
              onChange={onPassenger}
              error={passengerError}
              size="small"
              autoFocus
              inputRef={searchRef}
            />
          </Stack>
          {passenger && (
            <Button
              size="small"
              href={`${pathTo('PhoneBooking')}?show_order_list=1&id=${passenger.id}`}
              target="_blank"
            >
              {BOOKING_UI.showOrders}
            </Button>
          )}
        </Stack>
      ) : (
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            autoFocus
            label={BOOKING_UI.firstName}
            {...register('new_passenger.first_name')}
            error={!!errors.new_passenger?.first_name || !!passengerError}
            helperText={errors.new_passenger?.first_name?.message ?? passengerError}
            slotProps={{ htmlInput: { 'data-testid': 'new-first-name' } }}
          />
          <TextField
            size="small"
            label={BOOKING_UI.lastName}
            {...register('new_passenger.last_name')}
            error={!!errors.new_passenger?.last_name}
            helperText={errors.new_passenger?.last_name?.message}
            slotProps={{ htmlInput: { 'data-testid': 'new-last-name' } }}
          />
          <TextField
            size="small"
            label={BOOKING_UI.phone}
            {...register('new_passenger.phone_number')}
            error={!!errors.new_passenger?.phone_number}
            helperText={errors.new_passenger?.phone_number?.message}
            slotProps={{ htmlInput: { 'data-testid': 'new-phone' } }}
          />
        </Stack>
      )}
    </>
  );
}
