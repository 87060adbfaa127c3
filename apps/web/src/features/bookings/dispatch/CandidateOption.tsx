import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface OptionProps {
  id: string;
  selected: boolean;
  disabled: boolean;
  /** Read after the option's name by screen readers (the score explained). */
  description?: string;
  testId: string;
  onPick: () => void;
  children: ReactNode;
}

/** The element id of a captain's option in the list `listId`. */
export const candidateOptionId = (listId: string, captainId: number) => `${listId}-captain-${captainId}`;

/** One captain of the dispatch list: an option of the listbox; a click dispatches. */
export function CandidateOption({ id, selected, disabled, description, testId, onPick, children }: OptionProps) {
  const descriptionId = `${id}-description`;
  return (
    <Box
      id={id}
      role="option"
      aria-selected={selected}
      aria-disabled={disabled || undefined}
      aria-describedby={description ? descriptionId : undefined}
      data-testid={testId}
      // The focus stays where it is (the filter or the list): a click dispatches at once.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => !disabled && onPick()}
      sx={{
        px: 1.5,
        py: 1,
        cursor: disabled ? 'default' : 'pointer',
        opacity: disabled ? 0.6 : 1,
        borderInlineStart: '3px solid',
        borderInlineStartColor: (theme) => (selected ? theme.palette.primary.main : 'transparent'),
        bgcolor: selected ? 'action.selected' : undefined,
        '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
      }}
    >
      {children}
      {description && (
        <span id={descriptionId} hidden>
          {description}
        </span>
      )}
    </Box>
  );
}

/** A section title inside the list (labels its group). */
export function SectionHeading({ id, children, end }: { id: string; children: ReactNode; end?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, px: 1.5, pt: 1.25, pb: 0.5 }}>
      <Typography
        id={id}
        role="presentation"
        sx={{
          flex: 1,
          fontSize: 12,
          fontWeight: 700,
          color: 'text.secondary',
          textTransform: 'uppercase',
          letterSpacing: 0.4,
        }}
      >
        {children}
      </Typography>
      {end && <Typography sx={{ fontSize: 11, color: 'text.secondary', textAlign: 'end' }}>{end}</Typography>}
    </Box>
  );
}
