import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FormControlLabel, Paper, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  BOOKING_UI,
  type FareQuoteInput,
  MSG,
  PARTNER_MSG,
  type PartnerBooking,
  type PartnerBookingInput,
  type PartnerSummaryDto,
  partnerBookingSchema,
  SERVICE_IDS,
} from '@taxi/shared';
import { useMemo, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useIdempotencyKey } from '../../api/idempotency';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { DateTextField } from '../../components/DateTextField';
import { RefSelect } from '../../components/RefSelect';
import { useServices } from '../bookings/api';
import { PlaceField, placeError } from '../bookings/phone/PlaceField';
import { FareEstimate } from '../fares/FareEstimate';
import { partnerKeys } from './api';

const EMPTY: PartnerBookingInput = {
  first_name: '',
  last_name: '',
  phone_number: '',
  room_number: '',
  service_id: SERVICE_IDS.fullCar,
  pickup: null,
  dropoff: undefined as unknown as PartnerBookingInput['dropoff'],
  now: true,
  datetime: null,
  seats: 1,
  notes: '',
};

/** Book for a guest: from the partner's own address (or another pickup), with a room number at a hotel. */
export function PartnerBookingForm({ partner }: { partner: PartnerSummaryDto }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const idempotency = useIdempotencyKey();
  const services = useServices();
  const [when, setWhen] = useState('');
  const form = useForm<PartnerBookingInput, unknown, PartnerBooking>({
    resolver: zodResolver(partnerBookingSchema),
    defaultValues: EMPTY,
  });
  const { control, handleSubmit, reset, setValue, watch, formState, setError, register } = form;
  const err = formState.errors;
  const allowed = (services.data ?? []).filter(
    (s) => !partner.service_ids.length || partner.service_ids.includes(s.id),
  );
  const dropoff = watch('dropoff');
  const serviceId = watch('service_id');
  const isNow = watch('now');
  const fareKey = JSON.stringify([serviceId, dropoff, isNow, when]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fareKey stands for the watched values it serialises
  const fareInput = useMemo((): FareQuoteInput | null => {
    if (!dropoff || partner.lon === null || partner.lat === null || !serviceId) return null;
    return {
      service_id: Number(serviceId),
      pickup: { lon: partner.lon, lat: partner.lat },
      dropoff: { lon: Number(dropoff.lon), lat: Number(dropoff.lat) },
      stops: [],
      ...(isNow || !when ? {} : { datetime: when.replace('T', ' ') }),
      airport: false,
    };
  }, [fareKey, partner.lon, partner.lat]);
  const clear = () => {
    reset(EMPTY);
    setWhen('');
  };
  const save = useApiMutation({
    mutationFn: (body: PartnerBooking) =>
      api(endpoints.createPartnerBooking, { body, idempotencyKey: idempotency.key() }),
    onSettled: (_data, error) => idempotency.settle(error ?? undefined),
    onSuccess: (res) => {
      toast.success(res.message ?? PARTNER_MSG.created(res.data.id));
      void qc.invalidateQueries({ queryKey: partnerKeys.all });
      clear();
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 422)) return;
      for (const [field, messages] of Object.entries(error.errors)) {
        setError(field as FieldPath<PartnerBookingInput>, { message: messages[0] });
      }
    },
  });
  const onSubmit = handleSubmit((values) => save.mutate(values));
  const text = (name: 'first_name' | 'last_name' | 'phone_number' | 'room_number', label: string) => (
    <TextField
      size="small"
      label={label}
      {...register(name)}
      error={!!err[name]}
      helperText={err[name]?.message ? t(err[name].message) : undefined}
      slotProps={{
        htmlInput: { 'data-testid': `partner-${name}`, ...(name === 'phone_number' ? { dir: 'ltr' } : {}) },
      }}
      sx={{ flex: 1 }}
    />
  );
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ p: 2, width: { xs: '100%', xl: 520 }, maxWidth: { xs: 760, xl: 520 }, flexShrink: 0 }}
      data-testid="partner-booking-form"
    >
      <Stack spacing={1.75}>
        <Typography variant="h6" component="h2">
          {t('Book for a guest')}
        </Typography>
        <Stack direction="row" spacing={1}>
          {text('first_name', t('First name'))}
          {text('last_name', t('Last name'))}
        </Stack>
        <Stack direction="row" spacing={1}>
          {text('phone_number', t('Phone number'))}
          {partner.kind === 'hotel' && text('room_number', t('Room number'))}
        </Stack>
        <Typography variant="body2" color="textSecondary">
          {t('Pickup')}: {partner.name}
          {partner.address ? ` · ${partner.address}` : ''}
        </Typography>
        <Controller
          control={control}
          name="dropoff"
          render={({ field: f, fieldState }) => (
            <PlaceField
              label={BOOKING_UI.dropoff}
              value={f.value}
              onChange={f.onChange}
              error={f.value ? placeError(fieldState.error) : fieldState.error && MSG.required}
              testId="partner-dropoff"
            />
          )}
        />
        <Controller
          control={control}
          name="service_id"
          render={({ field: f, fieldState }) => (
            <RefSelect
              label={BOOKING_UI.service}
              value={allowed.some((s) => s.id === f.value) ? (f.value as number) : ''}
              options={allowed}
              onChange={(id) => f.onChange(Number(id))}
              error={!!fieldState.error}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <RadioGroup
            row
            aria-label={t('When')}
            value={isNow ? 'now' : 'later'}
            onChange={(e) => {
              const now = e.target.value === 'now';
              setValue('now', now);
              if (now) setValue('datetime', null);
            }}
          >
            <FormControlLabel value="now" control={<Radio size="small" />} label={BOOKING_UI.now} />
            <FormControlLabel value="later" control={<Radio size="small" />} label={BOOKING_UI.scheduled} />
          </RadioGroup>
          {!isNow && (
            <DateTextField
              kind="datetime"
              label={BOOKING_UI.datetime}
              value={when}
              onChange={(value) => {
                setWhen(value);
                setValue('datetime', value ? value.replace('T', ' ') : null);
              }}
              error={!!err.datetime}
              helperText={err.datetime?.message ? t(err.datetime.message) : undefined}
            />
          )}
        </Stack>
        <FareEstimate input={fareInput} />
        <TextField size="small" label={BOOKING_UI.notes} multiline minRows={2} {...register('notes')} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={clear}>{BOOKING_UI.clear}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="partner-booking-submit">
            {t('Book')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
