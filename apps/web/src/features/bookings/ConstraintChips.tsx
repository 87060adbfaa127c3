import { Box, Chip, Tooltip } from '@mui/material';
import type { BookingConstraint } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useTranslation } from 'react-i18next';

/**
 * The booking's static and dynamic constraints by their abbreviation (the name on hover and for screen
 * readers); one with strike_through is shown struck through: it is not met, the dispatcher ignores it.
 */
export function ConstraintChips({ constraints }: { constraints: readonly BookingConstraint[] }) {
  const { t } = useTranslation();
  if (constraints.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label={t('Constraints')}
      data-testid="constraint-chips"
      sx={{ display: 'flex', gap: 0.5, m: 0, p: 0, listStyle: 'none', flexWrap: 'wrap' }}
    >
      {constraints.map((c) => {
        const label = dataLabel(c.constraint_name);
        const name = c.strike_through ? t('{{name}} (not met)', { name: label }) : label;
        return (
          <Box component="li" key={c.constraint_name}>
            <Tooltip title={name}>
              <Chip
                size="small"
                variant="outlined"
                color={c.strike_through ? 'default' : 'secondary'}
                label={c.Abbreviation || label}
                aria-label={name}
                sx={{ height: 22, textDecoration: c.strike_through ? 'line-through' : undefined }}
              />
            </Tooltip>
          </Box>
        );
      })}
    </Box>
  );
}
