import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  FormControlLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BOOKING_GROUP_UI,
  BOOKING_UI,
  type BookingCreate,
  type BookingCreateInput,
  bookingCreateSchema,
  dateToCityLocal,
  GROUP_CARS_MAX,
  MSG,
} from '@taxi/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { api, apiData, endpoints } from '../../api/endpoints';
import { useIdempotencyKey } from '../../api/idempotency';
import { toastError, useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { DateTextField } from '../../components/DateTextField';
import type { PickerOption } from '../../components/pickers';
import { RefSelect } from '../../components/RefSelect';
import { translateText } from '../../i18n';
import { FareEstimate } from '../fares/FareEstimate';
import { reportCallBooking } from '../voice/api';
import { PHONE_BOOKING_PARAMS, passengerByPhone, phoneBookingPrefill } from '../voice/targets';
import { useServices } from './api';
import { mergeBooking } from './cache';
import { bookingKeys } from './keys';
import { MapPicker, type MapPoint } from './MapPicker';
import {
  type CaptainConstraintRow,
  CaptainConstraintsField,
  captainConstraintsBody,
} from './phone/CaptainConstraintsField';
import { ConstraintsField } from './phone/ConstraintsField';
import { enterSubmits, isSelectButton } from './phone/enterSubmits';
import { GroupOrders } from './phone/GroupOrders';
import { grouperOf, groupOrdersKey, useGroupOrders } from './phone/grouper';
import { EMPTY_ORDER, orderFormOf, passengerOption } from './phone/orderForm';
import { PartnerField } from './phone/PartnerField';
import { PassengerFields, type PassengerMode } from './phone/PassengerFields';
import { PassengerOrders } from './phone/PassengerOrders';
import { PlaceField, placeError } from './phone/PlaceField';
import { PlaceRestriction } from './phone/PlaceRestriction';
import { bookingPartnerChoice, type PartnerChoice, pickupOffer } from './phone/partnerPick';

/** A place's point once it has both coordinates, else null. */
function placePoint(p: { lon?: unknown; lat?: unknown } | null | undefined): { lon: number; lat: number } | null {
  if (!p || p.lon === undefined || p.lat === undefined || p.lon === null || p.lat === null) return null;
  if (p.lon === '' || p.lat === '') return null;
  const lon = Number(p.lon);
  const lat = Number(p.lat);
  return Number.isFinite(lon) && Number.isFinite(lat) ? { lon, lat } : null;
}

/**
 * PhoneBooking: a call-centre operator creates (or, with edit=1&id, edits) an order by phone. Opened from an
 * answered call it has `phone` (the caller's number: their passenger chosen, or a new passenger with that
 * number) and `call` (the SIP Call-ID: the order created is linked to the call). With `grouper` (a group of
 * orders) the order list is the group's and the order created joins the group, the form starting from its order.
 */
export default function PhoneBookingPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  // One key per submission of the order form: a second Save press while the first is in flight reuses it.
  const idempotency = useIdempotencyKey();
  const [params, setParams] = useSearchParams();
  const editId = params.get('edit') === '1' ? Number(params.get('id')) || null : null;
  const prefill = useMemo(() => phoneBookingPrefill(params), [params]);
  const showOrdersOf = params.has('show_order_list') ? Number(params.get('id')) || null : null;
  const grouper = editId ? null : grouperOf(params);
  const [captainRules, setCaptainRules] = useState<CaptainConstraintRow[]>([]);
  const [ruleErrors, setRuleErrors] = useState<Record<string, string>>({});
  const services = useServices();
  const [mode, setMode] = useState<PassengerMode>('existing');
  const [passenger, setPassenger] = useState<PickerOption | null>(null);
  const [mapTarget, setMapTarget] = useState<'pickup' | 'dropoff'>('pickup');
  const [when, setWhen] = useState('');
  const [partner, setPartner] = useState<PartnerChoice | null>(null);
  // The passenger search: where the next caller starts once an order is created.
  const passengerSearch = useRef<HTMLInputElement>(null);
  const [nextCaller, setNextCaller] = useState(0);
  useEffect(() => {
    if (nextCaller) passengerSearch.current?.focus();
  }, [nextCaller]);

  const form = useForm<BookingCreateInput, unknown, BookingCreate>({
    resolver: zodResolver(bookingCreateSchema),
    defaultValues: EMPTY_ORDER,
  });
  const { control, handleSubmit, reset, setValue, watch, formState, setError, register } = form;
  const pickup = watch('pickup');
  const dropoff = watch('dropoff');
  const isNow = watch('now');
  const serviceId = watch('service_id');
  const stops = watch('stops');
  const passengerId = watch('passenger_id');
  const voucherCode = watch('voucher_code')?.trim() ?? '';
  // What the estimate depends on, as a stable value (watch() hands out new objects on every render).
  const fareKey = JSON.stringify([serviceId, pickup, dropoff, stops, isNow, when, passengerId, voucherCode]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fareKey stands for the watched values it serialises
  const fareInput = useMemo(() => {
    const point = (p: { lon?: unknown; lat?: unknown } | null | undefined) =>
      p &&
      p.lon !== undefined &&
      p.lat !== undefined &&
      p.lon !== null &&
      p.lat !== null &&
      p.lon !== '' &&
      p.lat !== ''
        ? { lon: Number(p.lon), lat: Number(p.lat) }
        : null;
    const from = point(pickup);
    const to = point(dropoff);
    const service = Number(serviceId);
    if (!from || !to || !service) return null;
    return {
      service_id: service,
      pickup: from,
      dropoff: to,
      stops: (stops ?? []).flatMap((s) => {
        const p = point(s);
        return p ? [p] : [];
      }),
      ...(isNow || !when ? {} : { datetime: when.replace('T', ' ') }),
      ...(passengerId ? { passenger_id: Number(passengerId) } : {}),
      ...(voucherCode ? { voucher_code: voucherCode } : {}),
      airport: false,
    };
  }, [fareKey]);

  // The chosen pickup and dropoff, checked against the map layers at once (before the order is sent).
  const pickupPoint = placePoint(pickup);
  const dropoffPoint = placePoint(dropoff);
  const checkedService = Number(serviceId) || null;

  const editing = useQuery({
    queryKey: bookingKeys.detail(editId ?? 0),
    queryFn: ({ signal }) => apiData(endpoints.booking, { params: { id: editId ?? 0 }, signal }),
    enabled: editId !== null,
  });
  const editedConstraints = useMemo(
    () =>
      editId && editing.data
        ? [...editing.data.static_constraints, ...editing.data.dynamic_constraints].map((c) => c.constraint_name)
        : [],
    [editId, editing.data],
  );
  useEffect(() => {
    const b = editing.data;
    if (!b) return;
    setMode('existing');
    setPassenger(passengerOption(b));
    setPartner(bookingPartnerChoice(b));
    reset(orderFormOf(b));
    if (!b.now) setWhen(dateToCityLocal(b.datetime).replace(' ', 'T'));
  }, [editing.data, reset]);

  // The caller's number: found with the passenger search the picker uses; a number nobody has is a new passenger.
  const byPhone = useQuery({
    queryKey: ['passengers', 'by-phone', prefill.phone],
    queryFn: ({ signal }) =>
      apiData(endpoints.passengers, { query: { search: prefill.phone ?? '', perPage: 10 }, signal }),
    enabled: !!prefill.phone && editId === null,
  });
  const prefilled = useRef<string | null>(null);
  useEffect(() => {
    const phone = prefill.phone;
    if (!phone || !byPhone.data || prefilled.current === phone) return;
    prefilled.current = phone;
    const found = passengerByPhone(byPhone.data.data, phone);
    if (found) {
      setMode('existing');
      setPassenger({ id: found.id, label: found.full_name, secondary: found.phone_number ?? undefined });
      setValue('passenger_id', found.id);
    } else {
      setMode('new');
      setValue('new_passenger.phone_number', phone);
    }
  }, [byPhone.data, prefill.phone, setValue]);

  // Adding a car to a group starts from the group's order (its first): the same passenger, places and time.
  const group = useGroupOrders(grouper);
  const prefilledGroup = useRef<string | null>(null);
  useEffect(() => {
    const orders = group.data?.data ?? [];
    const first = orders.find((b) => String(b.id) === grouper) ?? [...orders].sort((a, b) => a.id - b.id)[0];
    if (!grouper || !first || prefilledGroup.current === grouper) return;
    prefilledGroup.current = grouper;
    if (form.getValues('passenger_id')) return;
    setMode('existing');
    setPassenger(passengerOption(first));
    setPartner(bookingPartnerChoice(first));
    reset(orderFormOf(first));
    setWhen(first.now ? '' : dateToCityLocal(first.datetime).replace(' ', 'T'));
  }, [group.data, grouper, form, reset]);

  const serviceOptions = services.data ?? [];

  const clear = () => {
    reset(EMPTY_ORDER);
    setPassenger(null);
    setPartner(null);
    setWhen('');
    setCaptainRules([]);
    setRuleErrors({});
  };

  const leaveGroup = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('grouper');
        return next;
      },
      { replace: true },
    );

  const onMapPick = (p: MapPoint) => {
    const place = { name: BOOKING_UI.mapPoint(p.lat, p.lon), details: null, lon: p.lon, lat: p.lat, place_id: null };
    if (mapTarget === 'pickup') {
      setValue('pickup', place, { shouldValidate: formState.isSubmitted });
      setMapTarget('dropoff');
    } else setValue('dropoff', place);
  };

  const save = useApiMutation({
    mutationFn: (body: BookingCreate) =>
      editId
        ? api(endpoints.editOrder, { params: { id: editId }, body })
        : api(endpoints.createBooking, { body, idempotencyKey: idempotency.key() }),
    onSettled: (_data, error) => idempotency.settle(error ?? undefined),
    onSuccess: (res) => {
      if (res.data) mergeBooking(qc, res.data, !editId);
      toast.success(res.message ?? BOOKING_UI.created(res.data?.id ?? 0));
      if (!editId && res.data && prefill.callId) {
        // The order taken during the call belongs to it (the call log links them); the form is then a plain one.
        reportCallBooking(prefill.callId, res.data.id).catch((error) => toastError(error));
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(PHONE_BOOKING_PARAMS.phone);
            next.delete(PHONE_BOOKING_PARAMS.call);
            return next;
          },
          { replace: true },
        );
      }
      if (!editId) {
        clear();
        // Ready for the next caller: the passenger search, whoever this order was for.
        setMode('existing');
        setNextCaller((n) => n + 1);
      }
      if (grouper) {
        // The group's list shows the new car, and the form starts from the group's order again.
        prefilledGroup.current = null;
        void qc.invalidateQueries({ queryKey: groupOrdersKey(grouper) });
      }
    },
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 422)) return;
      const rules: Record<string, string> = {};
      for (const [field, messages] of Object.entries(error.errors)) {
        if (field.startsWith('captain_constraints')) rules[field] = messages[0];
        else setError(field as FieldPath<BookingCreateInput>, { message: messages[0] });
      }
      setRuleErrors(rules);
    },
  });

  const onSubmit = handleSubmit((values) => {
    const who = mode === 'existing' ? { new_passenger: null } : { passenger_id: null };
    // Cars, the group and the captain constraints are taken when an order is created.
    const created = editId
      ? { cars: undefined }
      : { group_order: grouper, captain_constraints: captainConstraintsBody(captainRules) };
    setRuleErrors({});
    save.mutate({ ...values, ...who, ...created });
  });

  const err = formState.errors;

  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={onSubmit}
        // Enter submits from any field. A closed select would open on it: its Enter is taken before it gets there.
        onKeyDownCapture={(e) => {
          if (!isSelectButton(e.target) || !enterSubmits(e)) return;
          e.preventDefault();
          e.stopPropagation();
          void onSubmit();
        }}
        // The others after the field has had its say (an autocomplete's open list picks its option with Enter).
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !e.defaultPrevented) clear();
          if (!enterSubmits(e)) return;
          e.preventDefault();
          void onSubmit();
        }}
        sx={{ p: 2, pb: 0, width: { lg: 560 }, flexShrink: 0 }}
        data-testid="phone-booking-form"
      >
        <Stack spacing={1.75}>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
              {editId ? BOOKING_UI.editOrderTitle(editId) : BOOKING_UI.phoneBookingTitle}
            </Typography>
            <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>{BOOKING_UI.keyboardHint}</Typography>
          </Stack>

          {grouper && (
            <Alert
              severity={err.group_order ? 'error' : 'info'}
              data-testid="add-car-to-group"
              action={
                <Button size="small" color="inherit" onClick={leaveGroup}>
                  {BOOKING_GROUP_UI.leaveGroup}
                </Button>
              }
            >
              <AlertTitle>{BOOKING_GROUP_UI.addCar}</AlertTitle>
              {err.group_order?.message ? translateText(err.group_order.message) : BOOKING_GROUP_UI.addCarHint(grouper)}
            </Alert>
          )}

          <PassengerFields
            mode={mode}
            onMode={setMode}
            passenger={passenger}
            onPassenger={(next) => {
              setPassenger(next);
              setValue('passenger_id', next?.id ?? null, { shouldValidate: formState.isSubmitted });
            }}
            register={register}
            errors={err}
            searchRef={passengerSearch}
          />

          {/* An order being edited keeps its partner: shown when it has one, never changed. */}
          {(!editId || partner) && (
            <Controller
              control={control}
              name="partner_id"
              render={({ fieldState }) => (
                <PartnerField
                  value={partner}
                  onChange={(next) => {
                    setPartner(next);
                    setValue('partner_id', next?.id ?? null, { shouldValidate: formState.isSubmitted });
                    // Only a hotel gives a room number.
                    if (next?.kind !== 'hotel') setValue('room_number', '');
                  }}
                  offer={editId ? null : pickupOffer(partner, pickup)}
                  onUseOffer={(place) => setValue('pickup', place, { shouldValidate: formState.isSubmitted })}
                  error={fieldState.error?.message}
                  fixed={editId !== null}
                />
              )}
            />
          )}
          {partner?.kind === 'hotel' && (
            <TextField
              size="small"
              label={t('Room number')}
              {...register('room_number')}
              error={!!err.room_number}
              helperText={err.room_number?.message}
              slotProps={{ htmlInput: { 'data-testid': 'phone-room-number', maxLength: 20 } }}
            />
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
          <PlaceRestriction end="pickup" point={pickupPoint} serviceId={checkedService} />
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
          <PlaceRestriction end="dropoff" point={dropoffPoint} serviceId={checkedService} />

          <Stack direction="row" spacing={1}>
            <Controller
              control={control}
              name="service_id"
              render={({ field, fieldState }) => (
                <RefSelect
                  label={BOOKING_UI.service}
                  // The default service shows only once the list has it (MUI warns on an unknown value).
                  value={serviceOptions.some((s) => s.id === field.value) ? (field.value as number) : ''}
                  options={serviceOptions}
                  onChange={(id) => field.onChange(Number(id))}
                  error={!!fieldState.error || services.isError}
                  helperText={fieldState.error?.message ?? (services.isError ? BOOKING_UI.servicesFailed : undefined)}
                  sx={{ flex: 1 }}
                />
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
            {!editId && (
              <TextField
                size="small"
                type="number"
                label={BOOKING_GROUP_UI.cars}
                {...register('cars')}
                error={!!err.cars}
                helperText={err.cars?.message ? translateText(err.cars.message) : undefined}
                sx={{ width: 100 }}
                slotProps={{ htmlInput: { min: 1, max: GROUP_CARS_MAX, 'data-testid': 'phone-cars' } }}
              />
            )}
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
              <Box sx={{ flex: 1 }}>
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
                  testId="phone-datetime"
                />
              </Box>
            )}
          </Stack>

          <Controller
            control={control}
            name="constraint_ids"
            render={({ field, fieldState }) => (
              <ConstraintsField
                value={field.value as number[] | undefined}
                current={editedConstraints}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />

          {!editId && <CaptainConstraintsField value={captainRules} onChange={setCaptainRules} errors={ruleErrors} />}

          <FareEstimate input={fareInput} />

          <TextField
            size="small"
            label={BOOKING_UI.voucherCode}
            {...register('voucher_code')}
            error={!!err.voucher_code}
            helperText={err.voucher_code?.message}
          />
          <TextField size="small" label={BOOKING_UI.notes} multiline minRows={2} {...register('notes')} />

          {/* Kept in sight at the window's bottom while the form runs past it (1280×720 and smaller). */}
          <Stack
            direction="row"
            spacing={1}
            data-testid="phone-booking-actions"
            sx={{
              justifyContent: 'flex-end',
              position: 'sticky',
              bottom: 0,
              zIndex: 1,
              mx: -2,
              px: 2,
              py: 1.5,
              bgcolor: 'background.paper',
              borderTop: 1,
              borderColor: 'divider',
              // A soft edge above it: the fields scrolling under the bar read as going on, not as cut.
              boxShadow: (theme) =>
                `0 -6px 8px -6px ${alpha(theme.palette.common.black, theme.palette.mode === 'dark' ? 0.7 : 0.2)}`,
              // The paper's own bottom corners (the bar reaches its border).
              borderRadius: (theme) => `0 0 ${theme.shape.borderRadius}px ${theme.shape.borderRadius}px`,
            }}
          >
            <Button onClick={clear}>{BOOKING_UI.clear}</Button>
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="phone-booking-submit">
              {editId ? BOOKING_UI.saveOrder : grouper ? BOOKING_GROUP_UI.addCar : BOOKING_UI.createOrder}
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
        {params.has('show_order_list') && grouper ? (
          <GroupOrders group={grouper} />
        ) : (
          showOrdersOf && <PassengerOrders passengerId={showOrdersOf} />
        )}
      </Stack>
    </Stack>
  );
}
