import { Stack, Typography } from '@mui/material';
import type { cityPlaceSchema, FieldDef } from '@taxi/shared';
import { type ReactNode, useRef, useState } from 'react';
import { Controller, type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { endpoints } from '../../api/endpoints';
import { FieldInput, type FormValues } from '../../components/DataTable/fields/FieldInput';
import { ResourceForm, type ResourceFormProps } from '../../components/DataTable/ResourceForm';
import { type PickerOption, RemotePicker } from '../../components/pickers';
import { translateText } from '../../i18n';
import { PointMap } from './PointMap';

type CityPlace = z.infer<typeof cityPlaceSchema>;

type Form = UseFormReturn<FormValues>;

const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
const round = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** The map under the place: the point and radius as typed; a click sets the point (and forgets the place). */
function PointField({ form, field }: { form: Form; field: FieldDef }) {
  const { t } = useTranslation();
  const [lat, lon, radius, name] = useWatch({ control: form.control, name: ['lat', 'lon', 'radius_m', 'name'] });
  const point = num(lat) !== null && num(lon) !== null ? { lat: num(lat) as number, lon: num(lon) as number } : null;
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="textSecondary">
        {t('Click the map to set the point')}
      </Typography>
      <PointMap
        point={point}
        radius={num(radius) ?? 0}
        name={typeof name === 'string' ? name : ''}
        testId="event-point-map"
        onPick={(la, lo) => {
          form.setValue('lat', round(la), { shouldDirty: true });
          form.setValue('lon', round(lo), { shouldDirty: true });
          form.setValue('place_id', '', { shouldDirty: true });
        }}
      />
      <FieldInput field={field} control={form.control} />
    </Stack>
  );
}

/**
 * The event's form: the declaration's inputs, a city place picker that sets the point, and a map where a
 * click sets it by hand; the radius is drawn around it.
 */
export function EventForm(props: ResourceFormProps) {
  const { t } = useTranslation();
  const { row } = props;
  const coords = useRef(new Map<number, { lat: number; lon: number }>());
  const [place, setPlace] = useState<PickerOption | null>(
    row && typeof row.place_id === 'number'
      ? { id: row.place_id, label: typeof row.place_name === 'string' ? row.place_name : `#${row.place_id}` }
      : null,
  );
  const renderField = (field: FieldDef, form: Form): ReactNode | undefined => {
    if (field.name === 'lat') return <PointField form={form} field={field} />;
    if (field.name !== 'place_id') return undefined;
    return (
      <Controller
        name="place_id"
        control={form.control}
        render={({ field: f, fieldState }) => (
          <RemotePicker<CityPlace>
            label={t('Place')}
            endpoint={endpoints.places}
            query={{ perPage: 20 }}
            searchable
            what={t('The places list')}
            value={f.value ? place : null}
            testId="event-place"
            error={fieldState.error?.message ? translateText(fieldState.error.message) : undefined}
            toOption={(p) => {
              coords.current.set(p.id, { lat: p.lat, lon: p.lng });
              return { id: p.id, label: p.name, secondary: p.category };
            }}
            onChange={(v) => {
              setPlace(v);
              f.onChange(v ? String(v.id) : '');
              const at = v ? coords.current.get(v.id) : undefined;
              if (at) {
                form.setValue('lat', round(at.lat), { shouldDirty: true });
                form.setValue('lon', round(at.lon), { shouldDirty: true });
              }
            }}
          />
        )}
      />
    );
  };
  return <ResourceForm {...props} renderField={renderField} />;
}
