import {
  Autocomplete,
  FormControlLabel,
  Grid,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  LOYALTY_CLASSES,
  PRICE_RULE_EFFECT_LABELS,
  PRICE_RULE_EFFECTS,
  type PriceRuleInput,
  pathTo,
  priceRuleBody,
  SEASONS,
  type Season,
} from '@taxi/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { api, apiData, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { FetchState } from '../../components/FetchState';
import { translateText } from '../../i18n';
import { useSectors, useServices } from '../bookings/api';
import { SaveCancelActions } from '../people/SaveCancelActions';
import { fareKeys } from './keys';
import { dayNames } from './ruleText';

type Form = {
  name: string;
  order: string;
  active: boolean;
  stop: boolean;
  kind: PriceRuleInput['effect']['kind'];
  value: string;
  services: number[];
  seasons: Season[];
  days: number[];
  time_from: string;
  time_to: string;
  zones: number[];
  zone_match: NonNullable<PriceRuleInput['conditions']['zone_match']>;
  classes: string[];
  airport: 'any' | 'yes' | 'no';
  event: 'any' | 'yes' | 'no';
};

const EMPTY: Form = {
  name: '',
  order: '100',
  active: true,
  stop: false,
  kind: 'surcharge',
  value: '',
  services: [],
  seasons: [],
  days: [],
  time_from: '',
  time_to: '',
  zones: [],
  zone_match: 'either',
  classes: [],
  airport: 'any',
  event: 'any',
};

const flag = (v: boolean | undefined): Form['airport'] => (v === undefined ? 'any' : v ? 'yes' : 'no');
const unflag = (v: Form['airport']): boolean | undefined => (v === 'any' ? undefined : v === 'yes');

function formOf(rule: PriceRuleInput): Form {
  const c = rule.conditions;
  return {
    name: rule.name,
    order: String(rule.order),
    active: rule.active,
    stop: rule.stop,
    kind: rule.effect.kind,
    value: String((rule.effect.kind === 'multiplier' ? rule.effect.factor : rule.effect.amount) ?? ''),
    services: c.services ?? [],
    seasons: c.seasons ?? [],
    days: c.days ?? [],
    time_from: c.time_from ?? '',
    time_to: c.time_to ?? '',
    zones: c.zones ?? [],
    zone_match: c.zone_match ?? 'either',
    classes: c.passenger_classes ?? [],
    airport: flag(c.airport),
    event: flag(c.event),
  };
}

/** The form as the API takes it: empty conditions are left out (an absent condition always holds). */
function bodyOf(f: Form): unknown {
  const value = f.value.trim() === '' ? undefined : Number(f.value);
  const some = <T,>(list: T[]) => (list.length ? list : undefined);
  return {
    name: f.name,
    order: f.order.trim() === '' ? Number.NaN : Number(f.order),
    active: f.active,
    stop: f.stop,
    effect: f.kind === 'multiplier' ? { kind: f.kind, factor: value } : { kind: f.kind, amount: value },
    conditions: {
      services: some(f.services),
      seasons: some(f.seasons),
      days: some(f.days),
      time_from: f.time_from || undefined,
      time_to: f.time_to || undefined,
      zones: some(f.zones),
      zone_match: f.zones.length ? f.zone_match : undefined,
      passenger_classes: some(f.classes),
      airport: unflag(f.airport),
      event: unflag(f.event),
    },
  };
}

/** Error keys of the body mapped to the form's fields. */
const FIELD_OF: Record<string, string> = {
  'effect.amount': 'value',
  'effect.factor': 'value',
  'conditions.time_from': 'time_from',
  'conditions.time_to': 'time_to',
};
const fieldOf = (path: string) => FIELD_OF[path] ?? path.replace(/^conditions\./, '').split('.')[0];

/** /priceRules/create and /priceRules/edit/{id} (PRICE_RULES). */
export default function PriceRuleFormPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const params = useParams();
  const id = params.id ? Number(params.id) : null;
  const services = useServices();
  const sectors = useSectors();
  const existing = useQuery({
    queryKey: fareKeys.rule(id ?? 0),
    queryFn: ({ signal }) => apiData(endpoints.priceRule, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
    retry: false,
  });
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (existing.data) setForm(formOf(existing.data));
  }, [existing.data]);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const save = useApiMutation({
    mutationFn: (body: PriceRuleInput) =>
      id === null ? api(endpoints.createPriceRule, { body }) : api(endpoints.updatePriceRule, { params: { id }, body }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      void qc.invalidateQueries({ queryKey: fareKeys.all });
      navigate(pathTo('PriceRules'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422)
        setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [fieldOf(k), v[0]])));
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = priceRuleBody.safeParse(bodyOf(form));
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[fieldOf(issue.path.join('.'))] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };

  const err = (key: string) => (errors[key] ? { error: true, helperText: translateText(errors[key]) } : {});
  if (id !== null && !existing.data) return <FetchState query={existing} />;
  const days = dayNames();
  const serviceOptions = services.data ?? [];
  const sectorOptions = sectors.data ?? [];
  const flagOptions = [
    { value: 'any', label: t('Either') },
    { value: 'yes', label: t('Yes') },
    { value: 'no', label: t('No') },
  ];

  return (
    <Paper variant="outlined" component="form" onSubmit={submit} noValidate sx={{ p: 2, maxWidth: 960 }}>
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {t('Rule')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              required
              label={t('Name')}
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              {...err('name')}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 2 }}>
            <TextField
              fullWidth
              required
              type="number"
              label={t('Order')}
              value={form.order}
              onChange={(e) => set('order', e.target.value)}
              {...err('order')}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 4 }}>
            <FormControlLabel
              control={<Switch checked={form.active} onChange={(_, v) => set('active', v)} />}
              label={t('Active')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              select
              fullWidth
              label={t('Effect')}
              value={form.kind}
              onChange={(e) => set('kind', e.target.value as Form['kind'])}
            >
              {PRICE_RULE_EFFECTS.map((k) => (
                <MenuItem key={k} value={k}>
                  {PRICE_RULE_EFFECT_LABELS[k]}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 3 }}>
            <TextField
              fullWidth
              required
              type="number"
              label={form.kind === 'multiplier' ? t('Factor') : t('Amount (€)')}
              value={form.value}
              onChange={(e) => set('value', e.target.value)}
              slotProps={{ htmlInput: { step: 0.01, min: 0, dir: 'ltr', 'data-testid': 'rule-value' } }}
              {...err('value')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 5 }}>
            <FormControlLabel
              control={<Switch checked={form.stop} onChange={(_, v) => set('stop', v)} />}
              label={t('First match: no later rule applies')}
            />
          </Grid>
        </Grid>

        <Typography variant="h6" component="h2">
          {t('When it applies')}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {t('Every condition set must hold; a condition left empty always holds.')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Autocomplete
              multiple
              options={serviceOptions.map((s) => s.id)}
              getOptionLabel={(id) => serviceOptions.find((s) => s.id === id)?.name ?? `#${id}`}
              value={form.services}
              onChange={(_, v) => set('services', v)}
              renderInput={(p) => <TextField {...p} label={t('Services')} {...err('services')} />}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Autocomplete
              multiple
              options={[...SEASONS]}
              getOptionLabel={(s) => t(s)}
              value={form.seasons}
              onChange={(_, v) => set('seasons', v)}
              renderInput={(p) => <TextField {...p} label={t('Seasons')} {...err('seasons')} />}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Typography variant="body2" id="rule-days" sx={{ mb: 0.5 }}>
              {t('Days')}
            </Typography>
            <ToggleButtonGroup
              size="small"
              value={form.days}
              onChange={(_, v: number[]) => set('days', [...v].sort())}
              aria-labelledby="rule-days"
            >
              {days.map((name, d) => (
                <ToggleButton key={name} value={d}>
                  {name}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextField
              fullWidth
              type="time"
              label={t('From')}
              value={form.time_from}
              onChange={(e) => set('time_from', e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { dir: 'ltr' } }}
              {...err('time_from')}
            />
          </Grid>
          <Grid size={{ xs: 6, sm: 3 }}>
            <TextField
              fullWidth
              type="time"
              label={t('To')}
              value={form.time_to}
              onChange={(e) => set('time_to', e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { dir: 'ltr' } }}
              {...err('time_to')}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <Autocomplete
              multiple
              options={sectorOptions.map((s) => s.id)}
              getOptionLabel={(id) => sectorOptions.find((s) => s.id === id)?.name ?? `#${id}`}
              value={form.zones}
              onChange={(_, v) => set('zones', v)}
              renderInput={(p) => <TextField {...p} label={t('Zones')} {...err('zones')} />}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <TextField
              select
              fullWidth
              label={t('Zone of')}
              value={form.zone_match}
              onChange={(e) => set('zone_match', e.target.value as Form['zone_match'])}
              disabled={form.zones.length === 0}
            >
              <MenuItem value="pickup">{t('Pickup')}</MenuItem>
              <MenuItem value="dropoff">{t('Dropoff')}</MenuItem>
              <MenuItem value="either">{t('Pickup or dropoff')}</MenuItem>
              <MenuItem value="crossed">{t('Anywhere on the route')}</MenuItem>
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <Typography variant="body2" id="rule-classes" sx={{ mb: 0.5 }}>
              {t('Passenger classes')}
            </Typography>
            <ToggleButtonGroup
              size="small"
              value={form.classes}
              onChange={(_, v: string[]) => set('classes', v)}
              aria-labelledby="rule-classes"
            >
              {LOYALTY_CLASSES.map((c) => (
                <ToggleButton key={c} value={c}>
                  {c}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          </Grid>
          {(['airport', 'event'] as const).map((key) => (
            <Grid key={key} size={{ xs: 6, sm: 4 }}>
              <TextField
                select
                fullWidth
                label={key === 'airport' ? t('Airport trip') : t('During a city event')}
                value={form[key]}
                onChange={(e) => set(key, e.target.value as Form['airport'])}
              >
                {flagOptions.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
          ))}
        </Grid>
      </Stack>
      <SaveCancelActions saving={save.isPending} />
    </Paper>
  );
}
