import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  Button,
  FormControl,
  FormHelperText,
  FormLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
} from '@mui/material';
import {
  APPEARANCE_CONSTRAINT_LABELS,
  CAPTAIN_CONSTRAINT_UI,
  CAPTAIN_CONSTRAINTS_MAX,
  type ConstraintMode,
  DEFAULT_APPEARANCE_CONSTRAINT,
} from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppearanceConstraintPicker, CaptainPicker, type PickerOption } from '../../../components/pickers';
import { translateText } from '../../../i18n';

/** One captain constraint as the form holds it: the captain as the picker gave them, and the mode. */
export interface CaptainConstraintRow {
  captain: PickerOption;
  mode: ConstraintMode;
}

/** What POST bookings takes of the rows. */
export const captainConstraintsBody = (rows: readonly CaptainConstraintRow[]) =>
  rows.map((r) => ({ captain_id: r.captain.id, mode: r.mode }));

/**
 * The phone booking's captain constraints: a captain (the captain picker) and the appearance constraint, added
 * to the order's list (BLACKLIST: never this captain; WHITELIST: only this captain). `errors` are the server's,
 * by field (`captain_constraints.0.captain_id`…).
 */
export function CaptainConstraintsField({
  value,
  onChange,
  errors,
}: {
  value: readonly CaptainConstraintRow[];
  onChange: (rows: CaptainConstraintRow[]) => void;
  errors: Readonly<Record<string, string>>;
}) {
  useTranslation();
  const [captain, setCaptain] = useState<PickerOption | null>(null);
  const [mode, setMode] = useState<ConstraintMode>(DEFAULT_APPEARANCE_CONSTRAINT);
  const listed = captain !== null && value.some((r) => r.captain.id === captain.id);
  const full = value.length >= CAPTAIN_CONSTRAINTS_MAX;
  const add = () => {
    if (!captain || listed || full) return;
    onChange([...value, { captain, mode }]);
    setCaptain(null);
    setMode(DEFAULT_APPEARANCE_CONSTRAINT);
  };
  const rowError = (i: number) =>
    errors[`captain_constraints.${i}.captain_id`] ?? errors[`captain_constraints.${i}.mode`];
  const listError = errors.captain_constraints;
  return (
    <FormControl component="fieldset" size="small" error={!!listError} data-testid="captain-constraints">
      <FormLabel component="legend" sx={{ fontSize: 13, mb: 1 }}>
        {CAPTAIN_CONSTRAINT_UI.title}
      </FormLabel>
      <Stack spacing={1}>
        <CaptainPicker value={captain} onChange={setCaptain} size="small" testId="captain-constraint-captain" />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Stack sx={{ flex: 1, minWidth: 0 }}>
            <AppearanceConstraintPicker
              size="small"
              value={mode}
              onChange={setMode}
              helperText={CAPTAIN_CONSTRAINT_UI.meanings[mode]}
              testId="captain-constraint-mode"
            />
          </Stack>
          <Button
            variant="outlined"
            onClick={add}
            disabled={!captain || listed || full}
            data-testid="captain-constraint-add"
            sx={{ flexShrink: 0, mt: 0.25 }}
          >
            {CAPTAIN_CONSTRAINT_UI.add}
          </Button>
        </Stack>
      </Stack>
      {value.length > 0 && (
        <List dense aria-label={CAPTAIN_CONSTRAINT_UI.title}>
          {value.map((r, i) => (
            <ListItem
              key={r.captain.id}
              data-testid={`captain-constraint-${r.captain.id}`}
              secondaryAction={
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={CAPTAIN_CONSTRAINT_UI.remove(r.captain.label)}
                  onClick={() => onChange(value.filter((x) => x.captain.id !== r.captain.id))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText
                primary={`${r.captain.label} · ${APPEARANCE_CONSTRAINT_LABELS[r.mode]}`}
                secondary={rowError(i) ? translateText(rowError(i) as string) : CAPTAIN_CONSTRAINT_UI.meanings[r.mode]}
                slotProps={{ secondary: { color: rowError(i) ? 'error' : undefined } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {listError && <FormHelperText>{translateText(listError)}</FormHelperText>}
    </FormControl>
  );
}
