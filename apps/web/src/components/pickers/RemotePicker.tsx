import { Autocomplete, Box, CircularProgress, TextField } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type Endpoint, MSG, type Paginated, PEOPLE_MSG } from '@taxi/shared';
import { type ReactNode, type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type QueryValue } from '../../api/client';
import { callEndpoint } from '../../api/endpoints';
import { useAnsweredOptions } from './useAnsweredOptions';
import { useDebounced } from './useDebounced';

export interface PickerOption {
  id: number;
  label: string;
  secondary?: string;
}

export interface RemotePickerProps<T> {
  label: string;
  /** The list's endpoint, e.g. `endpoints.captainSearch`, and the values of its path. */
  endpoint: Endpoint<'GET'>;
  params?: Record<string, string | number>;
  /** Extra query (perPage, ...). */
  query?: Record<string, QueryValue>;
  /** Send the typed text as `search` (search-driven pickers); otherwise the list is loaded once. */
  searchable?: boolean;
  /** Minimum characters before a search runs. */
  minChars?: number;
  /** False while the list cannot be asked for yet (a car model picker before its brand is chosen). */
  enabled?: boolean;
  toOption: (row: T) => PickerOption;
  /** Drop rows (role 1 in role pickers). */
  filter?: (row: T) => boolean;
  /** What the endpoint is called in the "not available" empty state (already translated). */
  what?: string;
  value: PickerOption | null;
  onChange: (value: PickerOption | null) => void;
  error?: string;
  helperText?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  autoFocus?: boolean;
  /** The text input (to put the focus back in it). */
  inputRef?: Ref<HTMLInputElement>;
  size?: 'small' | 'medium';
  testId?: string;
}

type Rows<T> = { rows: T[]; missing: boolean };

/**
 * A picker over an API list (people.md "Shared pickers"): search-driven ones debounce the typed text
 * and show the matches as you type. An endpoint the server does not have yet says so plainly.
 */
export function RemotePicker<T>(props: RemotePickerProps<T>) {
  const { t } = useTranslation();
  const { endpoint, params, query, searchable = false, minChars = 1, toOption, filter } = props;
  const [input, setInput] = useState('');
  const typed = input.trim();
  const search = useDebounced(typed);
  const enabled = (props.enabled ?? true) && (!searchable || search.length >= minChars);
  // A search's results show once they answer what is typed: the previous search's (kept while the next loads)
  // are never offered to ↓ Enter.
  const waited = searchable && (props.enabled ?? true) && typed.length >= minChars;
  const result = useQuery({
    queryKey: ['picker', endpoint.path, params, query, searchable ? search : null],
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: async ({ signal }): Promise<Rows<T>> => {
      try {
        const reply = (await callEndpoint(endpoint, {
          params,
          query: { ...query, ...(searchable ? { search } : {}) },
          signal,
        })) as { data: Paginated<T> | T[] };
        const data = reply.data;
        return { rows: Array.isArray(data) ? data : data.data, missing: false };
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return { rows: [], missing: true };
        throw error;
      }
    },
  });
  const rows = (result.data?.rows ?? []).filter((row) => (filter ? filter(row) : true));
  const answered = !waited || (search === typed && (result.isError || (result.isSuccess && !result.isPlaceholderData)));
  const list = useAnsweredOptions(typed, answered, rows.map(toOption));
  const missing = result.data?.missing ?? false;
  const notAvailable = PEOPLE_MSG.notAvailableYet(props.what ?? props.label);
  const noOptionsText = missing
    ? notAvailable
    : result.isError
      ? MSG.networkError
      : searchable && !enabled
        ? t('Type to search…')
        : MSG.noData;

  return (
    <Autocomplete
      value={props.value}
      onChange={(_, next) => props.onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={list.options}
      onKeyDown={list.onKeyDown}
      filterOptions={searchable ? (x) => x : undefined}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      renderOption={(liProps, option) => (
        <li {...liProps} key={option.id}>
          <span>
            {option.label}
            {option.secondary && (
              <Box component="span" sx={{ color: 'text.secondary', ml: 1, fontSize: '0.85em' }}>
                {option.secondary}
              </Box>
            )}
          </span>
        </li>
      )}
      loading={list.pending || result.isFetching}
      loadingText={t('Loading…')}
      openText={t('Open')}
      closeText={t('Close')}
      clearText={t('Clear')}
      noOptionsText={noOptionsText}
      disabled={props.disabled}
      size={props.size}
      data-testid={props.testId}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          required={props.required}
          autoFocus={props.autoFocus}
          inputRef={props.inputRef}
          error={Boolean(props.error) || missing}
          helperText={props.error ?? (missing ? notAvailable : props.helperText)}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {list.pending || result.isFetching ? (
                    <CircularProgress color="inherit" size={18} aria-label={t('Loading…')} />
                  ) : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
