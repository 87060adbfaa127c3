import { Stack, TextField, Typography } from '@mui/material';
import { BOOKING_UI } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../api/endpoints';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { useDebounced } from '../../components/pickers/useDebounced';
import { SelectField } from '../../components/SelectField';
import { BookingsTable } from './BookingsTable';
import { DateRangeFields } from './DateRangeFields';

const GROUPS = ['finished', 'cancelled'] as const;
const FIXED_WIDTH = { flex: { md: 'none' }, width: { md: 180 } } as const;

/** RidesSearch: finished and cancelled bookings, paged on the server. */
export default function RidesSearchPage() {
  const [group, setGroup] = useState<'finished' | 'cancelled'>('finished');
  const [text, setText] = useState('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const search = useDebounced(text);
  useTranslation();
  const groupOptions = GROUPS.map((g) => ({ value: g, label: BOOKING_UI.groupLabels[g] }));
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h1">
        {BOOKING_UI.ridesSearchTitle}
      </Typography>
      <BookingsTable
        filters={{ group, search, from_date: fromDate, to_date: toDate }}
        toolbar={
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ p: 1.5 }}>
            <SelectField
              label={BOOKING_UI.group}
              value={group}
              options={groupOptions}
              onChange={setGroup}
              sx={FIXED_WIDTH}
            />
            <TextField
              size="small"
              label={BOOKING_UI.search}
              placeholder={BOOKING_UI.searchPlaceholder}
              value={text}
              onChange={(e) => setText(e.target.value)}
              sx={{ flex: 1, minWidth: 240 }}
            />
            <DateRangeFields from={fromDate} to={toDate} onFrom={setFromDate} onTo={setToDate} sx={FIXED_WIDTH} />
            <ExportCsvButton
              endpoint={endpoints.bookingsCsv}
              filter={{ group, search, from_date: fromDate, to_date: toDate }}
            />
          </Stack>
        }
      />
    </Stack>
  );
}
