import { Box, Stack, Typography, useTheme } from '@mui/material';
import { MAP_CENTER, MAP_ZOOM, POINT_FIELD_NAMES } from '@taxi/shared';
import { type ReactNode, useMemo, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PinsLayer, pointsToGeoJson } from '../../map/layers';
import { MapView } from '../../map/MapView';
import { ClickToPick, FollowPoint } from '../../map/pointLayers';
import { type LonLatPoint, pickedValues, pointOfValues } from '../../map/pointPick';
import type { FormValues } from './FieldInput';

/** A point already set is shown up close; an empty one opens on the whole city (MAP_CENTER, MAP_ZOOM). */
const POINT_ZOOM = 15;

/**
 * A form's latitude and longitude inputs side by side, and a small map under them: a click sets both fields
 * (rounded to six decimals), the marker shows what the fields hold and follows what is typed. The inputs stay
 * the way to enter a point from the keyboard; the map is an aid.
 */
export function PointPickerField({ form, inputs }: { form: UseFormReturn<FormValues>; inputs: ReactNode[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const [lat, lon] = useWatch({ control: form.control, name: [POINT_FIELD_NAMES.lat, POINT_FIELD_NAMES.lon] });
  const point = pointOfValues(lat, lon);
  // The map opens on the point the form starts with; later points are followed, not re-framed.
  const [start] = useState<LonLatPoint | null>(point);
  const colour = theme.palette.primary.main;
  // A new collection only when the point itself moves (the watched values are new objects every render).
  const pinLon = point?.lon ?? null;
  const pinLat = point?.lat ?? null;
  const pins = useMemo(
    () => pointsToGeoJson(pinLon !== null && pinLat !== null ? [{ lon: pinLon, lat: pinLat, colour }] : []),
    [pinLon, pinLat, colour],
  );
  const pick = (picked: LonLatPoint) => {
    const values = pickedValues(picked);
    const options = { shouldDirty: true, shouldTouch: true, shouldValidate: form.formState.isSubmitted };
    form.setValue(POINT_FIELD_NAMES.lat, values.lat, options);
    form.setValue(POINT_FIELD_NAMES.lon, values.lon, options);
  };
  return (
    <Stack spacing={1} data-testid="point-picker">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {inputs.map((input, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two fixed inputs, in the declaration's order
          <Box key={i} sx={{ flex: 1, minWidth: 0 }}>
            {input}
          </Box>
        ))}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('Click the map to set the latitude and longitude, or type them.')}
      </Typography>
      <MapView
        name="point-picker"
        testId="point-picker-map"
        label={t('Map: a click sets the latitude and longitude')}
        center={start ? [start.lon, start.lat] : MAP_CENTER}
        zoom={start ? POINT_ZOOM : MAP_ZOOM}
        sx={{ width: '100%', height: 260 }}
      >
        <PinsLayer id="point-picker" points={pins} />
        {point && <FollowPoint lon={point.lon} lat={point.lat} />}
        <ClickToPick onPick={pick} />
      </MapView>
    </Stack>
  );
}
