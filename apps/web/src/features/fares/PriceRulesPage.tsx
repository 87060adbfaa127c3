import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { Button, Chip, IconButton, Paper, Stack, Tooltip } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { farePolicy, type PriceRuleDto, pathTo } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { api, apiData, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { DeleteDialog } from '../../components/DataTable/FormDialogs';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { FetchState } from '../../components/FetchState';
import { RowsTable, type TableColumn } from '../../components/RowsTable';
import { usePolicy } from '../auth/currentUser';
import { useServices } from '../bookings/api';
import { fareKeys } from './keys';
import { conditionsText, effectText } from './ruleText';
import { useSectorNames } from './useSectorNames';

/** /priceRules (PRICE_RULES): the ordered rules the fare engine applies after the season's tariff. */
export default function PriceRulesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const allows = usePolicy();
  const canWrite = allows(farePolicy.write);
  const rules = useQuery({
    queryKey: fareKeys.rules,
    queryFn: ({ signal }) => apiData(endpoints.priceRules, { signal }),
  });
  const services = useServices();
  const zoneName = useSectorNames();
  const [deleting, setDeleting] = useState<PriceRuleDto | null>(null);
  const remove = useApiMutation({
    mutationFn: (id: number) => api(endpoints.deletePriceRule, { params: { id } }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      setDeleting(null);
      void qc.invalidateQueries({ queryKey: fareKeys.all });
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const columns = useMemo<readonly TableColumn<PriceRuleDto>[]>(() => {
    const serviceName = (id: number) => services.data?.find((s) => s.id === id)?.name ?? `#${id}`;
    return [
      { key: 'order', label: t('Order'), render: (r) => r.order },
      {
        key: 'name',
        label: t('Name'),
        render: (r) => (
          <Button
            size="small"
            component={RouterLink}
            to={pathTo('PriceRulesEdit', { id: r.id })}
            sx={{ textTransform: 'none', justifyContent: 'flex-start' }}
          >
            {dataLabel(r.name)}
          </Button>
        ),
      },
      {
        key: 'when',
        label: t('When'),
        render: (r) => conditionsText(r.conditions, { service: serviceName, zone: zoneName, season: (s) => t(s) }),
      },
      { key: 'effect', label: t('Effect'), render: (r) => <bdi dir="ltr">{effectText(r.effect)}</bdi> },
      {
        key: 'flags',
        label: t('Mode'),
        render: (r) => (
          <Stack direction="row" spacing={0.5}>
            {r.stop && <Chip size="small" label={t('First match')} />}
            {!r.active && <Chip size="small" variant="outlined" label={t('Off')} />}
          </Stack>
        ),
      },
      ...(canWrite
        ? [
            {
              key: 'delete',
              label: t('Actions'),
              align: 'right' as const,
              render: (r: PriceRuleDto) => (
                <Tooltip title={t('Delete')}>
                  <IconButton
                    aria-label={t('Delete {{name}}', { name: dataLabel(r.name) })}
                    onClick={() => setDeleting(r)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              ),
            },
          ]
        : []),
    ];
  }, [i18n.language, services.data, zoneName, canWrite]);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
        <ExportCsvButton endpoint={endpoints.priceRulesCsv} />
        {canWrite && (
          <Button variant="contained" onClick={() => navigate(pathTo('PriceRulesCreate'))}>
            {t('New price rule')}
          </Button>
        )}
      </Stack>
      <FetchState query={rules} />
      <Paper variant="outlined">
        <RowsTable
          columns={columns}
          rows={rules.data ?? []}
          rowKey={(r) => r.id}
          pending={rules.isPending}
          empty={t('No price rules: orders pay the season tariff.')}
          rowProps={(r) => ({ sx: { opacity: r.active ? 1 : 0.6 } })}
          testId="price-rules"
          ariaLabel={t('Price rules')}
        />
      </Paper>
      <DeleteDialog
        open={deleting !== null}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Stack>
  );
}
