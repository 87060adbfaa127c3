import { Alert, Box, CircularProgress, TextField } from '@mui/material';
import { BOOKING_UI, DISPATCH_UI } from '@taxi/shared';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useCandidates, useRanking } from '../api';
import { candidateOptionId } from './CandidateOption';
import { pickerRows } from './model';
import { OtherCandidates } from './OtherCandidates';
import { RankedCandidates } from './RankedCandidates';
import { useCandidateKeys } from './useCandidateKeys';

interface Props {
  bookingId: number;
  /** A dispatch is on its way: the options wait. */
  disabled: boolean;
  onDispatch: (captainId: number) => void;
}

/**
 * The manual dispatch's captain picker: the ranked candidates (with why), then every other captain the
 * operator may pick. The list has the focus when it opens, the first ranked candidate selected: "1"
 * dispatches it, the arrows move, Enter dispatches the selected one; typing goes to the filter, whose
 * arrows and Enter drive the list too.
 */
export function CandidatePicker({ bookingId, disabled, onDispatch }: Props) {
  const ranking = useRanking(bookingId);
  const candidates = useCandidates(bookingId);
  const [filter, setFilter] = useState('');
  const rows = useMemo(
    () => pickerRows(ranking.data?.candidates, candidates.data, filter),
    [ranking.data, candidates.data, filter],
  );
  const filterRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const filterId = `${listId}-filter`;
  const { selected, select, onKeyDown } = useCandidateKeys({
    order: rows.order,
    first: rows.first,
    onDispatch,
    filterRef,
  });
  const activeId = selected === null ? undefined : candidateOptionId(listId, selected);

  useEffect(() => listRef.current?.focus(), []);
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const loading = ranking.isPending || candidates.isPending;
  const nobody = !loading && !ranking.data?.candidates.length && !candidates.data?.length;
  const pick = (captainId: number) => {
    select(captainId);
    onDispatch(captainId);
  };

  return (
    <Box onKeyDown={onKeyDown}>
      <TextField
        id={filterId}
        inputRef={filterRef}
        fullWidth
        size="small"
        label={BOOKING_UI.captainFilter}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        helperText={DISPATCH_UI.keyboardHint}
        slotProps={{
          htmlInput: {
            role: 'combobox',
            'aria-controls': listId,
            'aria-expanded': true,
            'aria-autocomplete': 'list',
            'aria-activedescendant': activeId,
            autoComplete: 'off',
            'data-testid': 'captain-filter',
          },
          formHelperText: { 'data-testid': 'dispatch-hint' } as object,
        }}
      />
      {loading && <CircularProgress size={24} sx={{ display: 'block', mx: 'auto', my: 2 }} />}
      {ranking.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(ranking.error)}
        </Alert>
      )}
      {candidates.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(candidates.error)}
        </Alert>
      )}
      {nobody && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {BOOKING_UI.noCandidates}
        </Alert>
      )}
      {!loading && !nobody && filter.trim() !== '' && rows.order.length === 0 && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {DISPATCH_UI.noMatch}
        </Alert>
      )}
      <Box
        ref={listRef}
        role="listbox"
        id={listId}
        tabIndex={0}
        aria-label={DISPATCH_UI.listLabel}
        aria-activedescendant={activeId}
        aria-describedby={`${filterId}-helper-text`}
        aria-busy={loading}
        data-testid="candidate-list"
        sx={{
          mt: 1,
          maxHeight: 'min(440px, 52vh)',
          overflowY: 'auto',
          borderRadius: 1,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
        }}
      >
        {ranking.data && (
          <RankedCandidates
            ranking={ranking.data}
            shown={rows.ranked}
            selected={selected}
            listId={listId}
            disabled={disabled}
            onPick={pick}
          />
        )}
        {rows.others.length > 0 && (
          <OtherCandidates
            captains={rows.others}
            selected={selected}
            listId={listId}
            disabled={disabled}
            onPick={pick}
          />
        )}
      </Box>
    </Box>
  );
}
