import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import { Box, Chip, Grid, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material';
import { type LoyaltyClassRef, PEOPLE_MSG } from '@taxi/shared';
import type { ReactNode } from 'react';
import { useAuthedImage } from './api';

const LOYALTY_COLORS: Record<string, string> = { P0: '#8d6e63', P1: '#90a4ae', P2: '#fbc02d', P3: '#7e57c2' };

/** Loyalty classes with their icon, or 'NO CLASS'. */
export function LoyaltyBadges({ classes }: { classes: LoyaltyClassRef[] }) {
  if (classes.length === 0) {
    return (
      <Typography variant="caption" color="text.secondary">
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

export function SearchBox(props: { value: string; onChange: (v: string) => void; placeholder: string }) {
  return (
    <TextField
      size="small"
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      placeholder={props.placeholder}
      label="Search"
      sx={{ minWidth: 280 }}
      slotProps={{ htmlInput: { 'data-testid': 'people-search', type: 'search' } }}
    />
  );
}

/** A labelled value in profile cards. */
/** A row of labelled values, four across on wide screens, two on narrow ones. */
export function FieldCells({ fields }: { fields: readonly (readonly [label: string, value: ReactNode])[] }) {
  return fields.map(([label, value]) => (
    <Grid key={label} size={{ xs: 6, md: 3 }}>
      <Field label={label}>{value}</Field>
    </Grid>
  ));
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
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
          bgcolor: 'grey.50',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        {!name && (
          <Typography variant="body2" color="text.secondary">
            Not uploaded
          </Typography>
        )}
        {name && image.url && (
          <img src={image.url} alt={label} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
        )}
        {name && !image.url && !image.error && <LinearProgress sx={{ width: '60%' }} />}
        {name && image.error && (
          <Typography variant="body2" color="error">
            The image could not be loaded
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
