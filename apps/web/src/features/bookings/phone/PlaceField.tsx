import { Autocomplete, ListItemText, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { BOOKING_UI, type BookingCreateInput } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiData, endpoints } from '../../../api/endpoints';
import { useAnsweredOptions } from '../../../components/pickers/useAnsweredOptions';
import { useDebounced } from '../../../components/pickers/useDebounced';
import { SelectField } from '../../../components/SelectField';

interface PlaceOption {
  id: number;
  name: string;
  category: string;
  lat: number;
  lng: number;
  sector_name: string | null;
  source: 'place' | 'location' | 'destination';
}
export type PlaceValue = NonNullable<BookingCreateInput['pickup']>;
const CATEGORIES = ['all', 'location', 'landmark', 'station', 'hotel'] as const;

/** What an option is: a saved location, the season's destination, or the city place's category. */
function sourceLabel(o: PlaceOption): string {
  if (o.source === 'location') return BOOKING_UI.placeCategories.location;
  if (o.source === 'destination') return BOOKING_UI.seasonalDestination;
  return o.category;
}

/** A pickup or drop-off: a place of the city (by category), with its coordinates. */
export function PlaceField({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: PlaceValue | null | undefined;
  onChange: (v: PlaceValue | null) => void;
  error?: string;
  testId: string;
}) {
  useTranslation(); // re-render on a language change (the shared texts are read at render)
  const [category, setCategory] = useState<(typeof CATEGORIES)[number]>('all');
  // Built at render: the labels follow the current language.
  const categoryOptions = CATEGORIES.map((c) => ({ value: c, label: BOOKING_UI.placeCategories[c] }));
  const [input, setInput] = useState('');
  const search = useDebounced(input);
  const places = useQuery({
    queryKey: ['places', category, search],
    queryFn: ({ signal }) =>
      apiData(endpoints.places, {
        query: { category: category === 'all' ? '' : category, search, perPage: 20 },
        signal,
      }),
    staleTime: 60_000,
  });
  // The list answers what is typed, or shows nothing: never the default list (or the previous search's) while the
  // typed text's results are on their way.
  const answered = search === input && (places.isSuccess || places.isError);
  const list = useAnsweredOptions(input, answered, places.data?.data ?? []);
  const selected: PlaceOption | null = value
    ? {
        id: Number(value.place_id ?? -1),
        name: value.name,
        category: '',
        lat: Number(value.lat),
        lng: Number(value.lon),
        sector_name: null,
        source: 'place',
      }
    : null;
  return (
    <Stack direction="row" spacing={1}>
      <SelectField
        label={BOOKING_UI.placeCategory}
        value={category}
        options={categoryOptions}
        onChange={setCategory}
        sx={{ width: 140 }}
      />
      <Autocomplete
        sx={{ flex: 1 }}
        size="small"
        options={list.options}
        value={selected}
        filterOptions={(x) => x}
        loading={list.pending || places.isFetching}
        onKeyDown={list.onKeyDown}
        getOptionLabel={(o) => o.name}
        getOptionKey={(o) => `${o.source}-${o.id}-${o.name}`}
        isOptionEqualToValue={(a, b) => a.id === b.id && a.name === b.name}
        onInputChange={(_, v) => setInput(v)}
        onChange={(_, o) =>
          onChange(
            o
              ? {
                  name: o.name,
                  details: o.sector_name,
                  lon: o.lng,
                  lat: o.lat,
                  // A catalogue location is not a city place: the booking keeps its point and name only.
                  place_id: o.source === 'place' && o.id > 0 ? o.id : null,
                }
              : null,
          )
        }
        renderOption={(props, o) => (
          <li {...props} key={`${o.source}-${o.id}-${o.name}`}>
            <ListItemText primary={o.name} secondary={[sourceLabel(o), o.sector_name].filter(Boolean).join(' · ')} />
          </li>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={label}
            error={!!error}
            helperText={error}
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }}
          />
        )}
      />
    </Stack>
  );
}

/** A place's error may sit on the object or on one of its fields (name, lon, lat). */
export function placeError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const own = (error as { message?: unknown }).message;
  if (typeof own === 'string' && own) return own;
  for (const key of ['name', 'lon', 'lat']) {
    const inner = (error as Record<string, { message?: string } | undefined>)[key]?.message;
    if (inner) return inner;
  }
  return undefined;
}
