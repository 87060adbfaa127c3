import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  FormControlLabel,
  Link,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BOOKING_UI,
  type BookingCreate,
  type BookingCreateInput,
  type BookingDto,
  bookingCreateSchema,
  cardStatusLabel,
  dateToCityLocal,
  MSG,
  type Paginated,
  SERVICE_IDS,
} from '@taxi/shared';
import { useEffect, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ApiError, errorMessage, http } from '../../api/client';
import { useIdempotencyKey } from '../../api/idempotency';
import { toast } from '../../api/toast';
import { bookingKeys, storeBooking, useServices } from './api';
import { orderTime } from './format';
import { MapPicker, type MapPoint } from './MapPicker';

interface PassengerOption {
  id: number;
  first_name: string;
  last_name: string;
  full_name?: string;
  phone_number: string;
}
interface PlaceOption {
  id: number;
  name: string;
  category: string;
  lat: number;
  lng: number;
  sector_name: string | null;
}
type PlaceValue = NonNullable<BookingCreateInput['pickup']>;
const CATEGORIES = ['all', 'landmark', 'station', 'hotel'] as const;

const EMPTY: BookingCreateInput = {
  passenger_id: null,
  new_passenger: null,
  service_id: SERVICE_IDS.fullCar,
  pickup: undefined as unknown as PlaceValue,
  dropoff: null,
  stops: [],
  now: true,
  datetime: null,
  seats: 1,
  notes: '',
  voucher_code: '',
  origin: 'phone',
};

function useDebounced<T>(value: T, ms = 250): T {
  const [out, setOut] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setOut(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return out;
}

function PlaceField({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: PlaceValue | null | undefined;
  onChange: (v: PlaceValue | null) => void;
  error?: string;
  testId: string;
}) {
  const [category, setCategory] = useState<(typeof CATEGORIES)[number]>('all');
  const [input, setInput] = useState('');
  const search = useDebounced(input);
  const places = useQuery({
    queryKey: ['places', category, search],
    queryFn: ({ signal }) =>
      http.get<Paginated<PlaceOption>>(
        'places',
        { category: category === 'all' ? '' : category, search, perPage: 20 },
        signal,
      ),
    staleTime: 60_000,
  });
  const options = places.data?.data ?? [];
  const selected: PlaceOption | null = value
    ? {
        id: Number(value.place_id ?? -1),
        name: value.name,
        category: '',
        lat: Number(value.lat),
        lng: Number(value.lon),
        sector_name: null,
      }
    : null;
  return (
    <Stack direction="row" spacing={1}>
      <TextField
        select
        size="small"
        label={BOOKING_UI.placeCategory}
        value={category}
        onChange={(e) => setCategory(e.target.value as typeof category)}
        sx={{ width: 140 }}
      >
        {CATEGORIES.map((c) => (
          <MenuItem key={c} value={c}>
            {BOOKING_UI.placeCategories[c]}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        sx={{ flex: 1 }}
        size="small"
        options={options}
        value={selected}
        filterOptions={(x) => x}
        loading={places.isFetching}
        getOptionLabel={(o) => o.name}
        getOptionKey={(o) => `${o.id}-${o.name}`}
        isOptionEqualToValue={(a, b) => a.id === b.id && a.name === b.name}
        onInputChange={(_, v) => setInput(v)}
        onChange={(_, o) =>
          onChange(
            o
              ? { name: o.name, details: o.sector_name, lon: o.lng, lat: o.lat, place_id: o.id > 0 ? o.id : null }
              : null,
          )
        }
        renderOption={(props, o) => (
          <li {...props} key={`${o.id}-${o.name}`}>
            <ListItemText primary={o.name} secondary={[o.category, o.sector_name].filter(Boolean).join(' · ')} />
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            error={!!error}
            helperText={error}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
          />
        )}
      />
    </Stack>
  );
}

/** A place's error may sit on the object or on one of its fields (name, lon, lat). */
function placeError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const key of ['name', 'lon', 'lat']) {
    const inner = (error as Record<string, { message?: string } | undefined>)[key]?.message;
    if (inner) return inner;
  }
  return undefined;
}

function PassengerOrders({ passengerId }: { passengerId: number }) {
  const orders = useQuery({
    queryKey: bookingKeys.passengerOrders(passengerId, 1),
    queryFn: ({ signal }) =>
      http.get<Paginated<BookingDto>>(`passenger/${passengerId}/bookings`, { page: 1, perPage: 25 }, signal),
  });
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="passenger-orders">
      <Typography variant="subtitle2">{BOOKING_UI.passengerOrders}</Typography>
      {orders.isError && <Alert severity="error">{errorMessage(orders.error)}</Alert>}
      {orders.isSuccess && orders.data.data.length === 0 && (
        <Typography color="text.secondary">{BOOKING_UI.noPassengerOrders}</Typography>
      )}
      <List dense>
        {(orders.data?.data ?? []).map((b) => (
          <ListItem
            key={b.id}
            secondaryAction={
              <Link href={`/phone-bookings?edit=1&id=${b.id}`} target="_blank" rel="noopener">
                {BOOKING_UI.edit}
              </Link>
            }
          >
            <ListItemText
              primary={`${BOOKING_UI.orderId(b.id)} · ${cardStatusLabel(b.status)}`}
              secondary={`${orderTime(b.datetime)} · ${b.pick_up_location_name}`}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/** PhoneBooking: a call-centre operator creates (or, with edit=1&id, edits) an order by phone. */
export default function PhoneBookingPage() {
  const qc = useQueryClient();
  // One key per submission of the order form: a second Save press while the first is in flight reuses it.
  const idempotency = useIdempotencyKey();
  const [params] = useSearchParams();
  const editId = params.get('edit') === '1' ? Number(params.get('id')) || null : null;
  const showOrdersOf = params.has('show_order_list') ? Number(params.get('id')) || null : null;
  const services = useServices();
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [passengerInput, setPassengerInput] = useState('');
  const passengerSearch = useDebounced(passengerInput);
  const [passenger, setPassenger] = useState<PassengerOption | null>(null);
  const [mapTarget, setMapTarget] = useState<'pickup' | 'dropoff'>('pickup');
  const [when, setWhen] = useState('');

  const passengers = useQuery({
    queryKey: ['passengers', 'search', passengerSearch],
    queryFn: async ({ signal }) => {
      const page = await http.get<Paginated<PassengerOption> | PassengerOption[]>(
        'passenger',
        { search: passengerSearch, perPage: 20 },
        signal,
      );
      return Array.isArray(page) ? page : page.data;
    },
    enabled: mode === 'existing',
    retry: false,
  });
  const passengerApiMissing = passengers.isError;

  const form = useForm<BookingCreateInput, unknown, BookingCreate>({
    resolver: zodResolver(bookingCreateSchema),
    defaultValues: EMPTY,
  });
  const { control, handleSubmit, reset, setValue, watch, formState, setError, register } = form;
  const pickup = watch('pickup');
  const dropoff = watch('dropoff');
  const isNow = watch('now');

  const editing = useQuery({
    queryKey: bookingKeys.detail(editId ?? 0),
    queryFn: ({ signal }) => http.get<BookingDto>(`bookings/${editId}`, undefined, signal),
    enabled: editId !== null,
  });
  useEffect(() => {
    const b = editing.data;
    if (!b) return;
    setMode('existing');
    setPassenger({
      id: b.passenger.id,
      first_name: b.passenger.first_name,
      last_name: b.passenger.last_name,
      full_name: b.passenger.full_name,
      phone_number: b.passenger.phone_number,
    });
    const [lon, lat] = b.pick_up_location.coordinates;
    const drop = b.pull_down_location?.coordinates;
    reset({
      ...EMPTY,
      passenger_id: b.passenger.id,
      service_id: b.service_id,
      pickup: {
        name: b.pick_up_location_name,
        details: b.pick_up_location_details,
        lon,
        lat,
        place_id: b.landmark_pickup?.id ?? null,
      },
      dropoff:
        drop && b.pull_down_location_name
          ? {
              name: b.pull_down_location_name,
              details: b.pull_down_location_details,
              lon: drop[0],
              lat: drop[1],
              place_id: b.landmark_dropoff?.id ?? null,
            }
          : null,
      now: b.now,
      datetime: b.now ? null : dateToCityLocal(b.datetime),
      seats: b.seats,
      notes: '',
      voucher_code: b.voucher?.code ?? '',
    });
    if (!b.now) setWhen(dateToCityLocal(b.datetime).replace(' ', 'T'));
  }, [editing.data, reset]);

  useEffect(() => {
    if (passengerApiMissing && !editId) setMode('new');
  }, [passengerApiMissing, editId]);

  const serviceOptions = services.data ?? [];

  const clear = () => {
    reset(EMPTY);
    setPassenger(null);
    setPassengerInput('');
    setWhen('');
  };

  const onMapPick = (p: MapPoint) => {
    const place = { name: BOOKING_UI.mapPoint(p.lat, p.lon), details: null, lon: p.lon, lat: p.lat, place_id: null };
    if (mapTarget === 'pickup') {
      setValue('pickup', place, { shouldValidate: formState.isSubmitted });
      setMapTarget('dropoff');
    } else setValue('dropoff', place);
  };

  const onSubmit = handleSubmit(async (values) => {
    const body = mode === 'existing' ? { ...values, new_passenger: null } : { ...values, passenger_id: null };
    try {
      const res = editId
        ? await http.put<BookingDto>(`bookings/${editId}/order`, body)
        : await http.post<BookingDto>('bookings', body, { idempotencyKey: idempotency.key() });
      idempotency.settle();
      if (res.data) storeBooking(qc, res.data);
      toast.success(res.message ?? BOOKING_UI.created(res.data?.id ?? 0));
      if (!editId) clear();
    } catch (error) {
      idempotency.settle(error);
      if (error instanceof ApiError && error.status === 422) {
        for (const [field, messages] of Object.entries(error.errors)) {
          setError(field as FieldPath<BookingCreateInput>, { message: messages[0] });
        }
      }
      toast.error(errorMessage(error));
    }
  });

  const err = formState.errors;
  const passengerError = err.passenger_id?.message;

  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={onSubmit}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !e.defaultPrevented) clear();
        }}
        sx={{ p: 2, width: { lg: 560 }, flexShrink: 0 }}
        data-testid="phone-booking-form"
      >
        <Stack spacing={1.75}>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
              {editId ? BOOKING_UI.editOrderTitle(editId) : BOOKING_UI.phoneBookingTitle}
            </Typography>
            <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>{BOOKING_UI.keyboardHint}</Typography>
          </Stack>

          <ToggleButtonGroup size="small" exclusive value={mode} onChange={(_, m) => m && setMode(m)}>
            <ToggleButton value="existing" disabled={passengerApiMissing}>
              {BOOKING_UI.existingPassenger}
            </ToggleButton>
            <ToggleButton value="new" data-testid="mode-new">
              {BOOKING_UI.newPassenger}
            </ToggleButton>
          </ToggleButtonGroup>
          {passengerApiMissing && <Alert severity="info">{BOOKING_UI.passengerSearchUnavailable}</Alert>}
          {mode === 'existing' ? (
            <Stack direction="row" spacing={1}>
              <Autocomplete
                sx={{ flex: 1 }}
                size="small"
                options={passengers.data ?? []}
                filterOptions={(x) => x}
                value={passenger}
                loading={passengers.isFetching}
                getOptionLabel={(o) => `${o.full_name ?? `${o.first_name} ${o.last_name}`} · ${o.phone_number}`}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                onInputChange={(_, v) => setPassengerInput(v)}
                onChange={(_, o) => {
                  setPassenger(o);
                  setValue('passenger_id', o?.id ?? null, { shouldValidate: formState.isSubmitted });
                }}
                renderInput={(p) => (
                  <TextField
                    {...p}
                    autoFocus
                    label={BOOKING_UI.passengerSearch}
                    error={!!passengerError}
                    helperText={passengerError}
                  />
                )}
              />
              {passenger && (
                <Button size="small" href={`/phone-bookings?show_order_list=1&id=${passenger.id}`} target="_blank">
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
                error={!!err.new_passenger?.first_name || !!passengerError}
                helperText={err.new_passenger?.first_name?.message ?? passengerError}
                slotProps={{ htmlInput: { 'data-testid': 'new-first-name' } }}
              />
              <TextField
                size="small"
                label={BOOKING_UI.lastName}
                {...register('new_passenger.last_name')}
                error={!!err.new_passenger?.last_name}
                helperText={err.new_passenger?.last_name?.message}
                slotProps={{ htmlInput: { 'data-testid': 'new-last-name' } }}
              />
              <TextField
                size="small"
                label={BOOKING_UI.phone}
                {...register('new_passenger.phone_number')}
                error={!!err.new_passenger?.phone_number}
                helperText={err.new_passenger?.phone_number?.message}
                slotProps={{ htmlInput: { 'data-testid': 'new-phone' } }}
              />
            </Stack>
          )}

          <Controller
            control={control}
            name="pickup"
            render={({ field, fieldState }) => (
              <PlaceField
                label={BOOKING_UI.pickup}
                value={field.value}
                onChange={field.onChange}
                error={field.value ? placeError(fieldState.error) : fieldState.error && MSG.required}
                testId="pickup-input"
              />
            )}
          />
          <Controller
            control={control}
            name="dropoff"
            render={({ field, fieldState }) => (
              <PlaceField
                label={BOOKING_UI.dropoff}
                value={field.value}
                onChange={field.onChange}
                error={placeError(fieldState.error)}
                testId="dropoff-input"
              />
            )}
          />

          <Stack direction="row" spacing={1}>
            <Controller
              control={control}
              name="service_id"
              render={({ field, fieldState }) => (
                <TextField
                  select
                  size="small"
                  label={BOOKING_UI.service}
                  // The default service shows only once the list has it (MUI warns on an unknown value).
                  value={serviceOptions.some((s) => s.id === field.value) ? field.value : ''}
                  onChange={(e) => field.onChange(Number(e.target.value))}
                  error={!!fieldState.error || services.isError}
                  helperText={fieldState.error?.message ?? (services.isError ? BOOKING_UI.servicesFailed : undefined)}
                  sx={{ flex: 1 }}
                >
                  {serviceOptions.map((s) => (
                    <MenuItem key={s.id} value={s.id}>
                      {s.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <TextField
              size="small"
              type="number"
              label={BOOKING_UI.seats}
              {...register('seats')}
              error={!!err.seats}
              helperText={err.seats?.message}
              sx={{ width: 100 }}
              slotProps={{ htmlInput: { min: 1, max: 8 } }}
            />
          </Stack>

          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <RadioGroup
              row
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
              <TextField
                size="small"
                type="datetime-local"
                label={BOOKING_UI.datetime}
                value={when}
                onChange={(e) => {
                  setWhen(e.target.value);
                  setValue('datetime', e.target.value ? e.target.value.replace('T', ' ') : null, {
                    shouldValidate: formState.isSubmitted,
                  });
                }}
                error={!!err.datetime}
                helperText={err.datetime?.message}
                slotProps={{ inputLabel: { shrink: true } }}
                sx={{ flex: 1 }}
              />
            )}
          </Stack>

          <TextField
            size="small"
            label={BOOKING_UI.voucherCode}
            {...register('voucher_code')}
            error={!!err.voucher_code}
            helperText={err.voucher_code?.message}
          />
          <TextField
            size="small"
            label={BOOKING_UI.notes}
            multiline
            minRows={2}
            {...register('notes')}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void onSubmit();
              }
            }}
          />

          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={clear}>{BOOKING_UI.clear}</Button>
            <Button
              type="submit"
              variant="contained"
              disabled={formState.isSubmitting}
              data-testid="phone-booking-submit"
            >
              {editId ? BOOKING_UI.saveOrder : BOOKING_UI.createOrder}
            </Button>
          </Stack>
        </Stack>
      </Paper>

      <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{BOOKING_UI.mapTarget}</Typography>
          <ToggleButtonGroup size="small" exclusive value={mapTarget} onChange={(_, t) => t && setMapTarget(t)}>
            <ToggleButton value="pickup">{BOOKING_UI.pickup}</ToggleButton>
            <ToggleButton value="dropoff">{BOOKING_UI.dropoff}</ToggleButton>
          </ToggleButtonGroup>
          <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
            {BOOKING_UI.pickOnMap(mapTarget === 'pickup' ? BOOKING_UI.pickup : BOOKING_UI.dropoff)}
          </Typography>
        </Stack>
        <Box sx={{ flex: 1, minHeight: 420 }}>
          <MapPicker
            pickup={pickup ? { lon: Number(pickup.lon), lat: Number(pickup.lat) } : null}
            dropoff={dropoff ? { lon: Number(dropoff.lon), lat: Number(dropoff.lat) } : null}
            onPick={onMapPick}
          />
        </Box>
        {showOrdersOf && <PassengerOrders passengerId={showOrdersOf} />}
      </Stack>
    </Stack>
  );
}
