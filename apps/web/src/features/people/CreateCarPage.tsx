import { Grid, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type CreateCarInput, createCarSchema, PEOPLE_MSG, pathTo } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useIdempotencyKey } from '../../api/idempotency';
import { toast } from '../../api/toast';
import { CarBrandPicker, CarModelPicker, ColorPicker, type PickerOption } from '../../components/pickers';
import { useVehicleTypeNames } from '../fleet/useVehicleTypeNames';
import { useCaptain, usePeopleInvalidate } from './api';
import { PageHeader } from './components';
import { SaveCancelActions } from './SaveCancelActions';

/** /drivers/{id}/createCar: number, colour, brand model, vehicle type, seats. */
export default function CreateCarPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const captain = useCaptain(id);
  const invalidate = usePeopleInvalidate();
  const [number, setNumber] = useState('');
  const [brand, setBrand] = useState<PickerOption | null>(null);
  const [model, setModel] = useState<PickerOption | null>(null);
  const [color, setColor] = useState<PickerOption | null>(null);
  const [vehicleType, setVehicleType] = useState<string>('sedan');
  const vehicleTypes = useVehicleTypeNames(vehicleType);
  const [seats, setSeats] = useState('4');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const idempotency = useIdempotencyKey();
  const create = useMutation({
    mutationFn: (body: CreateCarInput) =>
      api(endpoints.createCar, { params: { id }, body, idempotencyKey: idempotency.key() }),
    onSettled: (_data, error) => idempotency.settle(error),
    onSuccess: (res) => {
      toast.success(res.message ?? PEOPLE_MSG.carCreated);
      void invalidate.captains();
      navigate(pathTo('Captain', { id }));
    },
    onError: (e) => {
      if (e instanceof ApiError) setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]])));
      toast.error(errorMessage(e));
    },
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = { number, color_id: color?.id, car_model_id: model?.id, vehicle_type: vehicleType, seats };
    const parsed = createCarSchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };
  return (
    <Stack spacing={2} component="form" onSubmit={submit} noValidate>
      <PageHeader title={captain.data ? t('New car — {{name}}', { name: captain.data.full_name }) : t('New car')} />
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t('Number')}
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              error={Boolean(errors.number)}
              helperText={errors.number && t(errors.number)}
              required
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <ColorPicker
              label={t('Color')}
              value={color}
              onChange={setColor}
              error={errors.color_id && t(errors.color_id)}
              required
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <CarBrandPicker
              label={t('Car brand')}
              value={brand}
              onChange={(v) => {
                setBrand(v);
                setModel(null);
              }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <CarModelPicker
              label={t('Car model')}
              brandId={brand?.id ?? null}
              value={model}
              onChange={setModel}
              error={errors.car_model_id && t(errors.car_model_id)}
              required
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              label={t('Vehicle type')}
              value={vehicleType}
              onChange={(e) => setVehicleType(e.target.value)}
              error={Boolean(errors.vehicle_type)}
              helperText={errors.vehicle_type && t(errors.vehicle_type)}
              fullWidth
            >
              {vehicleTypes.map((type) => (
                <MenuItem key={type} value={type}>
                  {dataLabel(type)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t('Seats')}
              type="number"
              value={seats}
              onChange={(e) => setSeats(e.target.value)}
              error={Boolean(errors.seats)}
              helperText={errors.seats && t(errors.seats)}
              fullWidth
            />
          </Grid>
        </Grid>
        <SaveCancelActions saving={create.isPending} />
      </Paper>
    </Stack>
  );
}
