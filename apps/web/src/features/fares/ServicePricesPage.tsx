import {
  Alert,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SEASONS, type Season, serviceTariffsBody, type TariffDto } from '@taxi/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { api, apiData, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { FetchState } from '../../components/FetchState';
import { translateText } from '../../i18n';
import { fareKeys } from './keys';

const FIELDS = ['base', 'per_km', 'per_minute', 'minimum', 'waiting_per_minute'] as const;
type Field = (typeof FIELDS)[number];
/** The grid as typed: text per season and field (an empty row is a season without prices). */
type Grid = Record<Season, Record<Field, string>>;

const emptyGrid = (): Grid =>
  Object.fromEntries(SEASONS.map((s) => [s, Object.fromEntries(FIELDS.map((f) => [f, '']))])) as Grid;

function gridOf(tariffs: TariffDto[]): Grid {
  const grid = emptyGrid();
  for (const t of tariffs) for (const f of FIELDS) grid[t.season][f] = String(t[f]);
  return grid;
}

/** /services/{id}/prices (PRICE_RULES): base fare, per km, per minute, minimum and waiting, per season. */
export default function ServicePricesPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const qc = useQueryClient();
  const tariffs = useQuery({
    queryKey: fareKeys.tariffs(id),
    queryFn: ({ signal }) => apiData(endpoints.serviceTariffs, { params: { id }, signal }),
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
  const [grid, setGrid] = useState<Grid>(emptyGrid);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (tariffs.data) setGrid(gridOf(tariffs.data.tariffs));
  }, [tariffs.data]);

  const label: Record<Field, string> = {
    base: t('Base fare'),
    per_km: t('Per km'),
    per_minute: t('Per minute'),
    minimum: t('Minimum'),
    waiting_per_minute: t('Waiting per minute'),
  };

  const save = useApiMutation({
    mutationFn: (body: { tariffs: TariffDto[] }) => api(endpoints.saveServiceTariffs, { params: { id }, body }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      qc.setQueryData(fareKeys.tariffs(id), res.data);
      void qc.invalidateQueries({ queryKey: fareKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422)
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    // Rows left wholly empty are seasons without prices; a partly filled row is an error on its empty cells.
    const rows = SEASONS.filter((s) => FIELDS.some((f) => grid[s][f].trim() !== ''));
    const body = {
      tariffs: rows.map((season) => ({
        season,
        ...Object.fromEntries(
          FIELDS.map((f) => [f, grid[season][f].trim() === '' ? Number.NaN : Number(grid[season][f])]),
        ),
      })) as TariffDto[],
    };
    const parsed = serviceTariffsBody.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [, index, field] = issue.path;
        next[`${rows[Number(index)]}.${String(field)}`] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  if (!tariffs.data) return <FetchState query={tariffs} />;
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Alert severity="info">
          {t('Prices in euros. A season left empty has no prices: its orders get no estimate.')}
        </Alert>
        <Table size="small" aria-label={t('Prices per season')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('Season')}</TableCell>
              {FIELDS.map((f) => (
                <TableCell key={f}>{label[f]}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {SEASONS.map((season) => (
              <TableRow key={season}>
                <TableCell component="th" scope="row">
                  {t(season)}
                </TableCell>
                {FIELDS.map((f) => {
                  const error = errors[`${season}.${f}`];
                  return (
                    <TableCell key={f}>
                      <TextField
                        size="small"
                        type="number"
                        value={grid[season][f]}
                        onChange={(e) => setGrid((g) => ({ ...g, [season]: { ...g[season], [f]: e.target.value } }))}
                        error={!!error}
                        helperText={error ? translateText(error) : undefined}
                        slotProps={{
                          htmlInput: {
                            min: 0,
                            step: 0.01,
                            dir: 'ltr',
                            'aria-label': `${t(season)} — ${label[f]}`,
                            'data-testid': `price-${season}-${f}`,
                          },
                        }}
                        sx={{ maxWidth: 120 }}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={save.isPending} data-testid="prices-save">
            {t('Save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
