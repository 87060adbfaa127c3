import { Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  MSG,
  SETTING_DEFS,
  SETTING_LABELS,
  SETTING_MSG,
  SETTING_VALUE_LABELS,
  type SettingDef,
  type SettingGroup,
  type SettingKey,
  settingKeysOf,
  settingsGroupSchema,
} from '@taxi/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { api } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { queryKeys } from '../../api/queryKeys';
import { toast } from '../../api/toast';
import { FetchState } from '../../components/FetchState';
import { translateText } from '../../i18n';
import { fareKeys } from '../fares/keys';
import { GROUP_ENDPOINTS, settingsKeys, useSettingsGroup } from './api';

type Draft = Record<string, string>;

const draftOf = (values: Record<string, number | string>): Draft =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));

/** One input per setting of the group: a number field within its bounds, or a select of its values. */
function SettingField(props: { name: SettingKey; value: string; error?: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const def: SettingDef = SETTING_DEFS[props.name];
  const common = {
    label: SETTING_LABELS[props.name],
    value: props.value,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => props.onChange(e.target.value),
    error: !!props.error,
    helperText: props.error ? translateText(props.error) : undefined,
    fullWidth: true,
  };
  if (def.kind === 'enum') {
    return (
      <TextField select {...common} slotProps={{ htmlInput: { 'data-testid': `setting-${props.name}` } }}>
        {def.values.map((v) => (
          <MenuItem key={v} value={v}>
            {SETTING_VALUE_LABELS[props.name]?.[v] ?? t(v)}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      {...common}
      type="number"
      slotProps={{
        htmlInput: { min: def.min, max: def.max, step: 1, dir: 'ltr', 'data-testid': `setting-${props.name}` },
      }}
    />
  );
}

/**
 * A settings page: the group's typed fields, saved together (422 field errors under their inputs, a
 * toast on success). What is typed is kept while the page is open: a refetch does not overwrite it.
 */
export function SettingsForm({ group }: { group: SettingGroup }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const query = useSettingsGroup(group);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (query.data && draft === null) setDraft(draftOf(query.data.values));
  }, [query.data, draft]);

  const save = useApiMutation({
    mutationFn: (body: Record<string, number | string>) => api(GROUP_ENDPOINTS[group].save, { body }),
    onSuccess: (res) => {
      toast.success(res.message ?? SETTING_MSG.saved);
      qc.setQueryData(settingsKeys.group(group), res.data);
      setDraft(draftOf(res.data.values));
      setErrors({});
      if (group === 'general') {
        void qc.invalidateQueries({ queryKey: queryKeys.settings.byKey('SEASON') });
        void qc.invalidateQueries({ queryKey: fareKeys.all });
      }
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422)
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
    },
  });

  if (!query.data || !draft) return <FetchState query={query} />;
  const keys = settingKeysOf(group);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = settingsGroupSchema(group).safeParse(draft);
    // An emptied field is an error, not a zero.
    const empty = keys.filter((k) => (draft[k] ?? '').trim() === '');
    if (!parsed.success || empty.length > 0) {
      const next: Record<string, string> = Object.fromEntries(empty.map((k) => [k, MSG.required]));
      for (const issue of parsed.success ? [] : parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data as Record<string, number | string>);
  };
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 2, maxWidth: 720 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {SETTING_MSG[group]}
        </Typography>
        {keys.map((key) => (
          <SettingField
            key={key}
            name={key}
            value={draft[key] ?? ''}
            error={errors[key]}
            onChange={(value) => setDraft((d) => ({ ...(d ?? {}), [key]: value }))}
          />
        ))}
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={save.isPending} data-testid="settings-save">
            {t('Save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
