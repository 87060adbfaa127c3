import { Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogueEndpoints, vehicleTypesResource } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { api, apiData, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { FetchState } from '../../components/FetchState';
import { translateText } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { ChecklistForm } from './ChecklistForm';
import { fleetKeys } from './keys';

interface TypeRow {
  id: number;
  name: string;
  seats: number;
}

/** /services/{id}/cars (PRICE_RULES): the vehicle types whose cars may serve the service. */
export default function ServiceCarsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const current = useQuery({
    queryKey: fleetKeys.cars(id),
    queryFn: ({ signal }) => apiData(endpoints.serviceCars, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
  const types = useQuery({
    queryKey: fleetKeys.vehicleTypes,
    queryFn: ({ signal }) =>
      apiData(catalogueEndpoints(vehicleTypesResource).list, { query: { perPage: 100 }, signal }),
  });
  const options = useMemo(
    () =>
      ((types.data?.data ?? []) as unknown as TypeRow[]).map((r) => ({
        id: r.id,
        label: t('{{name}} ({{seats}} seats)', { name: dataLabel(r.name), seats: formatNumber(r.seats) }),
      })),
    [types.data, t],
  );
  const save = useApiMutation({
    mutationFn: (ids: number[]) => api(endpoints.saveServiceCars, { params: { id }, body: { vehicle_type_ids: ids } }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      qc.setQueryData(fleetKeys.cars(id), res.data);
      void qc.invalidateQueries({ queryKey: fleetKeys.vehicleTypes });
    },
  });
  if (!current.data) return <FetchState query={current} />;
  if (!types.data) return <FetchState query={types} />;
  const error = save.error instanceof ApiError ? save.error.errors.vehicle_type_ids?.[0] : undefined;
  return (
    <>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('Vehicle types')}
      </Typography>
      <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
        {t('{{count}} cars of these types', { count: current.data.cars })}
      </Typography>
      <ChecklistForm
        title={t('Vehicle types')}
        hint={t('None ticked: the cars of the service’s own vehicle type.')}
        options={options}
        selected={current.data.vehicle_type_ids}
        saving={save.isPending}
        error={error ? translateText(error) : undefined}
        onSave={(ids) => save.mutate(ids)}
        testId="service-vehicle-types"
      />
    </>
  );
}
