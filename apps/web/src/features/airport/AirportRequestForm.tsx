import { zodResolver } from '@hookform/resolvers/zod';
import { Button, FormControlLabel, Paper, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  AIRPORT_MSG,
  type AirportRequest,
  type AirportRequestInput,
  airportRequestSchema,
  BOOKING_UI,
  type FareQuoteInput,
  MSG,
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
import { useCurrentUser } from '../auth/currentUser';
import { useServices } from '../bookings/api';
import { PlaceField, placeError } from '../bookings/phone/PlaceField';
import { FareEstimate } from '../fares/FareEstimate';
import { airportKeys } from './api';

const emptyRequest = (agent: string): AirportRequestInput => ({
  agent,
  air_agency_name: '',
  first_name: '',
  last_name: '',
  phone_number: '',
  whatsapp_number: '',
  riders: 1,
  bags: 0,
  pnr: '',
  country: '',
  service_id: SERVICE_IDS.fullCar,
  pickup: undefined as unknown as AirportRequestInput['pickup'],
  dropoff: undefined as unknown as AirportRequestInput['dropoff'],
  now: true,
  datetime: null,
  notes: '',
});

type Point = { lon?: unknown; lat?: unknown } | null | undefined;
const pointOf = (p: Point) =>
  p && p.lon !== undefined && p.lat !== undefined && p.lon !== null && p.lat !== null
    ? { lon: Number(p.lon), lat: Number(p.lat) }
    : null;

/** The airport request form (bookings.md §3 airport details) with the fare engine's estimate. */
export function AirportRequestForm() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const user = useCurrentUser();
  const idempotency = useIdempotencyKey();
  const services = useServices();
  const [when, setWhen] = useState('');
  const form = useForm<AirportRequestInput, unknown, AirportRequest>({
    resolver: zodResolver(airportRequestSchema),
    defaultValues: emptyRequest(user.full_name),
  });
  const { control, handleSubmit, reset, setValue, watch, formState, setError, register } = form;
  const err = formState.errors;
  const pickup = watch('pickup');
  const dropoff = watch('dropoff');
  const serviceId = watch('service_id');
  const isNow = watch('now');
  const fareKey = JSON.stringify([serviceId, pickup, dropoff, isNow, when]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fareKey stands for the watched values it serialises
  const fareInput = useMemo((): FareQuoteInput | null => {
    const from = pointOf(pickup);
    const to = pointOf(dropoff);
    const service = Number(serviceId);
    if (!from || !to || !service) return null;
    return {
      service_id: service,
      pickup: from,
      dropoff: to,
      stops: [],
      ...(isNow || !when ? {} : { datetime: when.replace('T', ' ') }),
      airport: true,
    };
  }, [fareKey]);

  const clear = () => {
    reset(emptyRequest(user.full_name));
    setWhen('');
  };

  const save = useApiMutation({
    mutationFn: (body: AirportRequest) =>
      api(endpoints.createAirportRequest, { body, idempotencyKey: idempotency.key() }),
    onSettled: (_data, error) => idempotency.settle(error ?? undefined),
    onSuccess: (res) => {
      toast.success(res.message ?? AIRPORT_MSG.created(res.data.id));
      void qc.invalidateQueries({ queryKey: airportKeys.all });
      clear();
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 422)) return;
      for (const [field, messages] of Object.entries(error.errors)) {
        setError(field as FieldPath<AirportRequestInput>, { message: messages[0] });
      }
    },
  });
  const onSubmit = handleSubmit((values) => save.mutate(values));
  const field = (name: 'agent' | 'air_agency_name' | 'first_name' | 'last_name' | 'pnr', label: string) => (
    <TextField
      size="small"
      label={label}
      {...register(name)}
      error={!!err[name]}
      helperText={err[name]?.message ? t(err[name].message) : undefined}
      slotProps={{ htmlInput: { 'data-testid': `airport-${name}` } }}
      sx={{ flex: 1 }}
    />
  );

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ p: 2, width: { xs: '100%', xl: 560 }, maxWidth: { xs: 760, xl: 560 }, flexShrink: 0 }}
      data-testid="airport-request-form"
    >
      <Stack spacing={1.75}>
        <Typography variant="h6" component="h2">
          {t('New airport request')}
        </Typography>
        <Stack direction="row" spacing={1}>
          {field('agent', t('Agent'))}
          {field('air_agency_name', t('Air agency name'))}
        </Stack>
        <Stack direction="row" spacing={1}>
          {field('first_name', t('First name'))}
          {field('last_name', t('Last name'))}
        </Stack>
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            type="tel"
            label={t('Phone number')}
            {...register('phone_number')}
            error={!!err.phone_number}
            helperText={err.phone_number?.message ? t(err.phone_number.message) : undefined}
            slotProps={{ htmlInput: { dir: 'ltr', 'data-testid': 'airport-phone_number' } }}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            type="tel"
            label={t('WhatsApp number')}
            {...register('whatsapp_number')}
            error={!!err.whatsapp_number}
            helperText={err.whatsapp_number?.message ? t(err.whatsapp_number.message) : undefined}
            slotProps={{ htmlInput: { dir: 'ltr' } }}
            sx={{ flex: 1 }}
          />
        </Stack>
        <Stack direction="row" spacing={1}>
          <TextField
            size="small"
            type="number"
            label={BOOKING_UI.riders}
            {...register('riders')}
            error={!!err.riders}
            helperText={err.riders?.message ? t(err.riders.message) : undefined}
            slotProps={{ htmlInput: { min: 1, max: 50 } }}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            type="number"
            label={BOOKING_UI.bags}
            {...register('bags')}
            error={!!err.bags}
            helperText={err.bags?.message ? t(err.bags.message) : undefined}
            slotProps={{ htmlInput: { min: 0, max: 50 } }}
            sx={{ flex: 1 }}
          />
          {field('pnr', t('PNR'))}
          <TextField
            size="small"
            label={t('Airport code')}
            {...register('country')}
            error={!!err.country}
            helperText={err.country?.message ? t(err.country.message) : AIRPORT_MSG.airportCode}
            slotProps={{ htmlInput: { maxLength: 3, dir: 'ltr', 'data-testid': 'airport-country' } }}
            sx={{ flex: 1 }}
          />
        </Stack>

        <Controller
          control={control}
          name="pickup"
          render={({ field: f, fieldState }) => (
            <PlaceField
              label={BOOKING_UI.pickup}
              value={f.value}
              onChange={f.onChange}
              error={f.value ? placeError(fieldState.error) : fieldState.error && MSG.required}
              testId="airport-pickup"
            />
          )}
        />
        <Controller
          control={control}
          name="dropoff"
          render={({ field: f, fieldState }) => (
            <PlaceField
              label={BOOKING_UI.dropoff}
              value={f.value}
              onChange={f.onChange}
              error={f.value ? placeError(fieldState.error) : fieldState.error && MSG.required}
              testId="airport-dropoff"
            />
          )}
        />
        <Controller
          control={control}
          name="service_id"
          render={({ field: f, fieldState }) => (
            <RefSelect
              label={BOOKING_UI.service}
              value={(services.data ?? []).some((s) => s.id === f.value) ? (f.value as number) : ''}
              options={services.data ?? []}
              onChange={(id) => f.onChange(Number(id))}
              error={!!fieldState.error || services.isError}
              helperText={fieldState.error?.message ?? (services.isError ? BOOKING_UI.servicesFailed : undefined)}
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
                setValue('datetime', value ? value.replace('T', ' ') : null, {
                  shouldValidate: formState.isSubmitted,
                });
              }}
              error={!!err.datetime}
              helperText={err.datetime?.message ? t(err.datetime.message) : undefined}
              testId="airport-datetime"
            />
          )}
        </Stack>
        <FareEstimate input={fareInput} />
        <TextField size="small" label={BOOKING_UI.notes} multiline minRows={2} {...register('notes')} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={clear}>{BOOKING_UI.clear}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="airport-request-submit">
            {t('Send request')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
