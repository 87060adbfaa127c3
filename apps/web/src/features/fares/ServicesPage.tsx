import { Button, Paper } from '@mui/material';
import { pathTo } from '@taxi/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RowsTable, type TableColumn } from '../../components/RowsTable';
import { useServices } from '../bookings/api';

type ServiceRow = { id: number; name: string };

/** /services (PRICE_RULES): the services, each with its prices per season, its vehicle types and zones. */
export default function ServicesPage() {
  const { t, i18n } = useTranslation();
  const services = useServices();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const columns = useMemo<readonly TableColumn<ServiceRow>[]>(
    () => [
      { key: 'id', label: t('ID'), render: (s) => s.id },
      { key: 'name', label: t('Service'), render: (s) => s.name },
      {
        key: 'prices',
        label: t('Prices'),
        align: 'right',
        render: (s) => (
          <Button size="small" component={RouterLink} to={pathTo('ServicePrices', { id: s.id })}>
            {t('Prices of {{service}}', { service: s.name })}
          </Button>
        ),
      },
      {
        key: 'cars',
        label: t('Vehicle types'),
        align: 'right',
        render: (s) => (
          <Button size="small" component={RouterLink} to={pathTo('ServiceCars', { id: s.id })}>
            {t('Vehicle types of {{service}}', { service: s.name })}
          </Button>
        ),
      },
      {
        key: 'locations',
        label: t('Zones'),
        align: 'right',
        render: (s) => (
          <Button size="small" component={RouterLink} to={pathTo('ServiceLocations', { id: s.id })}>
            {t('Zones of {{service}}', { service: s.name })}
          </Button>
        ),
      },
    ],
    [i18n.language],
  );
  return (
    <Paper variant="outlined">
      <RowsTable
        columns={columns}
        rows={services.data ?? []}
        rowKey={(s) => s.id}
        empty={t('No services')}
        pending={services.isPending}
      />
    </Paper>
  );
}
