import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Box, Chip, Grid, LinearProgress, Paper, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import { type LoyaltyClassRef, PEOPLE_MSG } from '@taxi/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '../../components/SelectField';
import { useAuthedImage } from './api';

const LOYALTY_COLORS: Record<string, string> = { P0: '#8d6e63', P1: '#90a4ae', P2: '#fbc02d', P3: '#7e57c2' };

/** Loyalty classes with their icon, or 'NO CLASS'. */
export function LoyaltyBadges({ classes }: { classes: LoyaltyClassRef[] }) {
  if (classes.length === 0) {
    return (
      <Typography variant="caption" color="textSecondary">
        {PEOPLE_MSG.noClass}
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={0.5}>
      {classes.map((c) => (
        <Chip
          key={c.name}
          size="small"
          icon={<WorkspacePremiumIcon sx={{ '&&': { color: LOYALTY_COLORS[c.name] ?? 'inherit' } }} />}
          label={c.name}
          variant="outlined"
        />
      ))}
    </Stack>
  );
}

export function PageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
    >
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {actions && (
        <Stack direction="row" spacing={1}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}

/** A phone number in its international form, left to right in every language. */
export { PhoneText } from '../../components/PhoneText';

export function SearchBox(props: { value: string; onChange: (v: string) => void; placeholder: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      placeholder={props.placeholder}
      label={t('Search')}
      sx={{ minWidth: 280 }}
      slotProps={{ htmlInput: { 'data-testid': 'people-search', type: 'search' } }}
    />
  );
}

/** A profile's labelled values, four across on wide screens, two on narrow ones; `footer` below, full width. */
export function ProfileCard({
  fields,
  footer,
}: {
  fields: readonly (readonly [label: string, value: ReactNode])[];
  footer?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Grid container spacing={2}>
        {fields.map(([label, value]) => (
          <Grid key={label} size={{ xs: 6, md: 3 }}>
            <Field label={label}>{value}</Field>
          </Grid>
        ))}
        {footer && <Grid size={{ xs: 12 }}>{footer}</Grid>}
      </Grid>
    </Paper>
  );
}

/** A labelled value in profile cards. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="textSecondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children ?? '—'}
      </Typography>
    </Box>
  );
}

/** A stored upload fetched with the token and shown as a blob URL. */
export function StoredImage({ name, label }: { name: string | null; label: string }) {
  const { t } = useTranslation();
  const image = useAuthedImage(name);
  return (
    <Paper variant="outlined" sx={{ p: 1 }}>
      <Typography variant="subtitle2" gutterBottom>
        {label}
      </Typography>
      <Box
        sx={{
          height: 200,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          bgcolor: 'action.hover',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        {!name && (
          <Typography variant="body2" color="textSecondary">
            {t('Not uploaded')}
          </Typography>
        )}
        {name && image.url && (
          <img src={image.url} alt={label} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
        )}
        {name && !image.url && !image.error && <LinearProgress sx={{ width: '60%' }} />}
        {name && image.error && (
          <Typography variant="body2" color="error">
            {t('The image could not be loaded')}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}

/** The empty row of a profile's tables. */
export const EMPTY_ROW_SX = { textAlign: 'center', color: 'text.secondary', py: 3 } as const;

/** Stored uploads side by side, two across on wide screens. */
export function StoredImages({ images }: { images: readonly (readonly [name: string | null, label: string])[] }) {
  return (
    <Grid container spacing={2}>
      {images.map(([name, label]) => (
        <Grid key={label} size={{ xs: 12, md: 6 }}>
          <StoredImage name={name} label={label} />
        </Grid>
      ))}
    </Grid>
  );
}

/** A profile's sections as tabs; only the chosen one is rendered. */
export function PersonTabs({ tabs }: { tabs: readonly { id: string; label: string; content: ReactNode }[] }) {
  const [tab, setTab] = useState(0);
  return (
    <Paper variant="outlined">
      <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
        {tabs.map((t) => (
          <Tab key={t.id} label={t.label} />
        ))}
      </Tabs>
      <Box sx={{ p: 2 }}>{tabs[tab]?.content}</Box>
    </Paper>
  );
}

/** A filter's options: 'All' (the empty value) first, then each value as its own label. */
export const withAll = (values: readonly string[]): SelectOption<string>[] => [
  { value: '', label: 'All' },
  ...values.map((value) => ({ value, label: value })),
];

export const YES_NO_FILTER: readonly SelectOption<string>[] = [
  { value: '', label: 'All' },
  { value: '1', label: 'Yes' },
  { value: '0', label: 'No' },
];

/** Options whose labels are English source texts, in the current language. */
export const translatedOptions = <V extends string>(
  options: readonly SelectOption<V>[],
  t: (source: string) => string,
): SelectOption<V>[] => options.map((o) => ({ ...o, label: t(o.label) }));

/** For a paged list: a filter's setter that also takes the list back to its first page. */
export const filterSetter =
  (paging: { reset(): void }) =>
  <T = string>(set: (value: T) => void) =>
  (value: T): void => {
    set(value);
    paging.reset();
  };
