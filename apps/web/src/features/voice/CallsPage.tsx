import { FormControlLabel, Stack, Switch, TextField } from '@mui/material';
import { CALL_DIRECTIONS, CALL_OUTCOMES, type CallOutcome, phoneSearch, VOICE_UI } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePaging } from '../../components/PagedTable';
import { type PickerOption, UserPicker, useDebounced } from '../../components/pickers';
import { SelectField, type SelectOption } from '../../components/SelectField';
import { useCan, useCurrentUser } from '../auth/currentUser';
import { DateRangeFields } from '../bookings/DateRangeFields';
import { filterSetter } from '../people/components';
import { type CallFilters, CallLog } from './CallLog';

type Direction = (typeof CALL_DIRECTIONS)[number];

/** Filters keep their width on a wide screen and wrap; full width on a narrow one. */
const FIELD_WIDTH = {
  search: { width: { xs: '100%', md: 220 } },
  select: { width: { xs: '100%', md: 160 } },
  operator: { width: { xs: '100%', md: 220 } },
  date: { width: 140 },
} as const;

function optionsOf<V extends string>(values: readonly V[], labels: Record<V, string>): SelectOption<V | ''>[] {
  return [{ value: '', label: VOICE_UI.all }, ...values.map((value) => ({ value, label: labels[value] }))];
}

/** /calls: the call centre's calls, newest first, by direction, outcome, number and dates. */
export default function CallsPage() {
  useTranslation(); // the shared texts are read at render: re-render on a language change
  const [number, setNumber] = useState('');
  const [direction, setDirection] = useState<Direction | ''>('');
  const [outcome, setOutcome] = useState<CallOutcome | ''>('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const [operator, setOperator] = useState<PickerOption | null>(null);
  const [mine, setMine] = useState(false);
  const me = useCurrentUser();
  // Whoever may read the staff list picks any operator; an operator can narrow the log to their own calls.
  const pickOperator = useCan()('USERS');
  const paging = usePaging();
  // Sent as typed (the server reads any form of a number); a part too short to search for filters nothing yet.
  const typed = useDebounced(number.trim());
  const term = typed && phoneSearch(typed) ? typed : '';
  const filters: CallFilters = {
    ...(direction ? { direction } : {}),
    ...(outcome ? { outcome } : {}),
    ...(term ? { number: term } : {}),
    ...(fromDate ? { from: fromDate } : {}),
    ...(toDate ? { to: toDate } : {}),
    ...(pickOperator && operator ? { operator_id: operator.id } : {}),
    ...(!pickOperator && mine ? { operator_id: me.id } : {}),
  };
  const filter = filterSetter(paging);

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          label={VOICE_UI.number}
          value={number}
          onChange={(e) => filter(setNumber)(e.target.value)}
          sx={FIELD_WIDTH.search}
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel', 'data-testid': 'calls-number' } }}
        />
        <SelectField
          label={VOICE_UI.columns.direction}
          value={direction}
          options={optionsOf(CALL_DIRECTIONS, VOICE_UI.direction)}
          onChange={filter((v) => setDirection(v as Direction | ''))}
          sx={FIELD_WIDTH.select}
        />
        <SelectField
          label={VOICE_UI.columns.outcome}
          value={outcome}
          options={optionsOf(CALL_OUTCOMES, VOICE_UI.outcomes)}
          onChange={filter((v) => setOutcome(v as CallOutcome | ''))}
          sx={FIELD_WIDTH.select}
        />
        {pickOperator ? (
          <Stack sx={FIELD_WIDTH.operator}>
            <UserPicker
              label={VOICE_UI.columns.operator}
              value={operator}
              onChange={filter(setOperator)}
              size="small"
              testId="calls-operator"
            />
          </Stack>
        ) : (
          <FormControlLabel
            control={<Switch checked={mine} onChange={(e) => filter(setMine)(e.target.checked)} />}
            label={VOICE_UI.myCalls}
            data-testid="calls-mine"
          />
        )}
        {/* The two dates stay together when the filters wrap. */}
        <Stack direction="row" spacing={2}>
          <DateRangeFields
            from={fromDate}
            to={toDate}
            onFrom={filter(setFromDate)}
            onTo={filter(setToDate)}
            sx={FIELD_WIDTH.date}
          />
        </Stack>
      </Stack>
      <CallLog filters={filters} paging={paging} testId="calls-table" />
    </Stack>
  );
}
