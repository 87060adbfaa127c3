import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import { BOOKING_UI } from '@taxi/shared';
import { useEffect, useState } from 'react';
import { BookingsTable } from './BookingsTable';

/** RidesSearch: finished and cancelled bookings, paged on the server. */
export default function RidesSearchPage() {
  const [group, setGroup] = useState<'finished' | 'cancelled'>('finished');
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(text), 300);
    return () => clearTimeout(t);
  }, [text]);
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h1">
        {BOOKING_UI.ridesSearchTitle}
      </Typography>
      <BookingsTable
        filters={{ group, search, from_date: fromDate, to_date: toDate }}
        toolbar={
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ p: 1.5 }}>
            <TextField
              select
              size="small"
              label={BOOKING_UI.group}
              value={group}
              onChange={(e) => setGroup(e.target.value as typeof group)}
              sx={{ flex: { md: 'none' }, width: { md: 180 } }}
            >
              <MenuItem value="finished">{BOOKING_UI.groupLabels.finished}</MenuItem>
              <MenuItem value="cancelled">{BOOKING_UI.groupLabels.cancelled}</MenuItem>
            </TextField>
            <TextField
              size="small"
              label={BOOKING_UI.search}
              placeholder={BOOKING_UI.searchPlaceholder}
              value={text}
              onChange={(e) => setText(e.target.value)}
              sx={{ flex: 1, minWidth: 240 }}
            />
            <TextField
              size="small"
              type="date"
              label={BOOKING_UI.fromDate}
              value={fromDate}
              onChange={(e) => setFromDate(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: { md: 'none' }, width: { md: 180 } }}
            />
            <TextField
              size="small"
              type="date"
              label={BOOKING_UI.toDate}
              value={toDate}
              onChange={(e) => setToDate(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ flex: { md: 'none' }, width: { md: 180 } }}
            />
          </Stack>
        }
      />
    </Stack>
  );
}
