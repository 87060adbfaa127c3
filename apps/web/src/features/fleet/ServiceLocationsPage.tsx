import { Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { api, apiData, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { FetchState } from '../../components/FetchState';
import { translateText } from '../../i18n';
import { useSectors } from '../bookings/api';
import { ChecklistForm } from './ChecklistForm';
import { fleetKeys } from './keys';

/** /services/{id}/locations (PRICE_RULES): the zones where the service runs; a pickup elsewhere is refused. */
export default function ServiceLocationsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const current = useQuery({
    queryKey: fleetKeys.locations(id),
    queryFn: ({ signal }) => apiData(endpoints.serviceLocations, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
  const sectors = useSectors();
  const options = useMemo(() => (sectors.data ?? []).map((s) => ({ id: s.id, label: s.name })), [sectors.data]);
  const save = useApiMutation({
    mutationFn: (ids: number[]) => api(endpoints.saveServiceLocations, { params: { id }, body: { sector_ids: ids } }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      qc.setQueryData(fleetKeys.locations(id), res.data);
    },
  });
  if (!current.data) return <FetchState query={current} />;
  if (!sectors.data) return <FetchState query={sectors} />;
  const error = save.error instanceof ApiError ? save.error.errors.sector_ids?.[0] : undefined;
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('Zones')}
      </Typography>
      <ChecklistForm
        title={t('Zones')}
        hint={t('None ticked: the service runs everywhere. Otherwise a pickup outside these zones is refused.')}
        options={options}
        selected={current.data.sector_ids}
        saving={save.isPending}
        error={error ? translateText(error) : undefined}
        onSave={(ids) => save.mutate(ids)}
        testId="service-zones"
      />
    </>
  );
}
