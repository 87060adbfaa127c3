import { Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { pathTo, RESOURCE_MSG, type ResourceDef, resourceUrl } from '@taxi/shared';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadError } from '../LoadError';
import { useResourceRow } from './api';
import { DataTable } from './DataTable';
import { ResourceForm, type ResourceFormProps } from './ResourceForm';
import type { ListParts } from './types';

/**
 * The url params of a nested resource from the page's route params: as the page says (`car_brand_id` ← `:id`),
 * else the declaration's parent param from the route's `:id` (`/bonus_package/:id/bonuses` lists
 * `bonus_package/{bonus_package_id}/bonuses`).
 */
export function resourceParamsOf(
  def: Pick<ResourceDef, 'parent'>,
  params: Readonly<Record<string, string | undefined>>,
  routeParams?: Record<string, string>,
): Record<string, string> {
  const map = routeParams ?? (def.parent ? { [def.parent.param]: 'id' } : {});
  return Object.fromEntries(Object.entries(map).map(([param, routeParam]) => [param, params[routeParam] ?? '']));
}

/** A declaration as a page: heading and the generic table (with the catalogue's own cells or form). */
export function ResourcePage<D extends ResourceDef>({
  def,
  routeParams,
  heading,
  parts,
}: {
  def: D;
  routeParams?: Record<string, string>;
  heading?: ReactNode;
  parts?: ListParts<D>;
}) {
  const { t } = useTranslation();
  const params = resourceParamsOf(def, useParams(), routeParams);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {heading ?? t(def.title)}
      </Typography>
      <DataTable {...parts} def={def} params={params} />
    </Stack>
  );
}

/** The standalone form page of a resource: `/vouchers/add` (new) or `/vouchers/{id}` (edit). */
export function ResourceFormPage({
  def,
  mode,
  Form = ResourceForm,
}: {
  def: ResourceDef;
  mode: 'create' | 'edit';
  Form?: ComponentType<ResourceFormProps>;
}) {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const url = resourceUrl(def);
  const rowId = mode === 'edit' ? Number(id) : null;
  const row = useResourceRow(def, url, rowId);
  const back = () => (def.route ? navigate(pathTo(def.route)) : navigate(-1));
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {mode === 'create'
            ? t('New — {{title}}', { title: t(def.title) })
            : t('Edit — {{title}} #{{id}}', { title: t(def.title), id })}
        </Typography>
        {def.route && (
          <Button component={RouterLink} to={pathTo(def.route)}>
            {RESOURCE_MSG.backToList}
          </Button>
        )}
      </Stack>
      <Paper variant="outlined" sx={{ p: 3 }}>
        {mode === 'edit' && row.isLoading && <LinearProgress />}
        {mode === 'edit' && row.isError && <LoadError error={row.error} retry={row.refetch} />}
        {(mode === 'create' || row.data) && (
          <Form def={def} url={url} row={mode === 'edit' ? (row.data ?? null) : null} onSaved={back} onCancel={back} />
        )}
      </Paper>
    </Stack>
  );
}
