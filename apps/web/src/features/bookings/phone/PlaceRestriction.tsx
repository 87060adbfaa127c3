import { Alert, Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { GeoCheckDto } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { apiData, endpoints } from '../../../api/endpoints';

type Hit = GeoCheckDto['refusals'][number];

/**
 * What the map layers say about a pickup or dropoff as soon as it is chosen: a restricted area or a
 * blacklisted place that refuses it (the order would be refused), or one that flags it for review.
 */
export function PlaceRestriction(props: {
  /** Which end of the order the point is (the check's `role`). */
  end: 'pickup' | 'dropoff';
  point: { lon: number; lat: number } | null;
  serviceId: number | null;
}) {
  const { t } = useTranslation();
  const { point, end: role, serviceId } = props;
  const query = point
    ? { lon: point.lon, lat: point.lat, role, ...(serviceId ? { service_id: serviceId } : {}) }
    : null;
  const check = useQuery({
    queryKey: ['geo', 'check', query],
    queryFn: ({ signal }) => apiData(endpoints.geoCheck, { query: query ?? { lon: 0, lat: 0, role }, signal }),
    enabled: query !== null,
    staleTime: 30_000,
  });
  const data = query ? check.data : undefined;
  if (!data || (data.refusals.length === 0 && data.flags.length === 0)) return null;
  const refusal = (h: Hit) =>
    h.kind === 'restricted_area'
      ? t('Refused here: restricted area {{name}}', { name: h.name })
      : t('Refused here: blacklisted location ({{reason}})', { reason: h.reason ?? h.name });
  return (
    <Stack spacing={0.5} data-testid={`${role}-restriction`}>
      {data.refusals.map((h) => (
        <Alert key={`${h.kind}-${h.id}`} severity="error">
          {refusal(h)}
        </Alert>
      ))}
      {data.flags.map((h) => (
        <Alert key={`${h.kind}-${h.id}`} severity="warning">
          {t('Flagged for review: blacklisted location ({{reason}})', { reason: h.reason ?? h.name })}
        </Alert>
      ))}
    </Stack>
  );
}
