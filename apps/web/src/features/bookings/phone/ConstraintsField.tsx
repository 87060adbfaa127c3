import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { catalogueEndpoints, constraintsResource } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useTranslation } from 'react-i18next';
import { apiData } from '../../../api/endpoints';

interface ConstraintRow {
  id: number;
  constraint_name: string;
  abbreviation: string;
}

/**
 * The phone booking's constraints (/constraints): what the captain must offer. `value` undefined keeps
 * the edited booking's own (`current`, by name) until the operator changes one.
 */
export function ConstraintsField({
  value,
  current,
  onChange,
  error,
}: {
  value: readonly number[] | undefined;
  current: readonly string[];
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: ['catalogue', 'constraints', 'phone'],
    queryFn: ({ signal }) => apiData(catalogueEndpoints(constraintsResource).list, { query: { perPage: 100 }, signal }),
    staleTime: 60_000,
  });
  const rows = (list.data?.data ?? []) as unknown as ConstraintRow[];
  if (rows.length === 0) return null;
  const checked = value ?? rows.filter((r) => current.includes(r.constraint_name)).map((r) => r.id);
  const toggle = (id: number) => onChange(checked.includes(id) ? checked.filter((x) => x !== id) : [...checked, id]);
  return (
    <FormControl component="fieldset" error={!!error} size="small">
      <FormLabel component="legend" sx={{ fontSize: 13 }}>
        {t('Constraints')}
      </FormLabel>
      <FormGroup row>
        {rows.map((r) => (
          <FormControlLabel
            key={r.id}
            control={<Checkbox size="small" checked={checked.includes(r.id)} onChange={() => toggle(r.id)} />}
            label={t('{{name}} ({{abbreviation}})', {
              name: dataLabel(r.constraint_name),
              abbreviation: r.abbreviation,
            })}
          />
        ))}
      </FormGroup>
      {error && <FormHelperText>{t(error)}</FormHelperText>}
    </FormControl>
  );
}
