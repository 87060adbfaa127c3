import { Alert, Button, Checkbox, FormControlLabel, List, ListItem, Paper, Stack } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ChecklistOption {
  id: number;
  label: string;
}

/**
 * A list of options to tick and save (the vehicle types of a service, its zones). `hint` says what an
 * empty selection means; `error` is the server's answer on the list.
 */
export function ChecklistForm({
  title,
  hint,
  options,
  selected,
  saving,
  error,
  onSave,
  testId,
}: {
  title: string;
  hint: string;
  options: readonly ChecklistOption[];
  selected: readonly number[];
  saving: boolean;
  error?: string;
  onSave: (ids: number[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [ticked, setTicked] = useState<number[]>([...selected]);
  useEffect(() => setTicked([...selected]), [selected]);
  const toggle = (id: number) =>
    setTicked((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      sx={{ p: 2 }}
      onSubmit={(e) => {
        e.preventDefault();
        onSave([...ticked].sort((a, b) => a - b));
      }}
    >
      <Stack spacing={2}>
        <Alert severity="info">{hint}</Alert>
        {error && <Alert severity="error">{error}</Alert>}
        <List dense aria-label={title} data-testid={testId} sx={{ columnWidth: 240 }}>
          {options.map((o) => (
            <ListItem key={o.id} disableGutters sx={{ breakInside: 'avoid' }}>
              <FormControlLabel
                control={<Checkbox size="small" checked={ticked.includes(o.id)} onChange={() => toggle(o.id)} />}
                label={o.label}
              />
            </ListItem>
          ))}
        </List>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" loading={saving}>
            {t('Save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
