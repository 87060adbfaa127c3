import { Chip, MenuItem, Stack, TextField } from '@mui/material';
import { LOYALTY_CLASSES, type PassengerDto, PEOPLE_MSG, pathTo } from '@taxi/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { useDebounced } from '../../components/pickers';
import { formatDateTime } from '../../components/time';
import { usePassengers } from './api';
import { LoyaltyBadges, PageHeader, SearchBox } from './components';

const COLUMNS: PagedColumn<PassengerDto>[] = [
  { key: 'id', label: '#', render: (p) => p.id },
  {
    key: 'name',
    label: 'Name',
    render: (p) => (
      <>
        {p.full_name}
        {p.can_use_vip && <Chip size="small" label="VIP" color="secondary" sx={{ ml: 1 }} />}
      </>
    ),
  },
  { key: 'phone', label: 'Phone', render: (p) => p.phone_number },
  { key: 'email', label: 'E-mail', render: (p) => p.email ?? '—' },
  { key: 'loyalty', label: 'Loyalty', render: (p) => <LoyaltyBadges classes={p.active_loyalty_classes} /> },
  {
    key: 'status',
    label: 'Status',
    render: (p) =>
      p.approved_at ? (
        <Chip size="small" color="success" label="Approved" />
      ) : p.id_card_front || p.id_card_back ? (
        <Chip size="small" color="warning" label={PEOPLE_MSG.withDocs} />
      ) : (
        <Chip size="small" label={PEOPLE_MSG.withoutDocs} />
      ),
  },
  { key: 'created', label: 'Created', render: (p) => formatDateTime(p.created_at) },
];

/** /passengers (registered) and /unregistered_passengers: server-side search, filters and paging. */
export function PassengerList({ registered, title }: { registered: boolean; title: string }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [loyalty, setLoyalty] = useState('');
  const [approved, setApproved] = useState('');
  const paging = usePaging();
  const term = useDebounced(search.trim());
  const query = usePassengers({
    page: paging.page + 1,
    perPage: paging.perPage,
    search: term,
    loyalty_class: loyalty,
    approved,
    registered,
    sortBy: 'id',
    descending: true,
  });
  const resetPage = paging.reset;

  return (
    <Stack spacing={2}>
      <PageHeader title={title} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <SearchBox
          value={search}
          onChange={(v) => {
            setSearch(v);
            resetPage();
          }}
          placeholder="Name, phone or e-mail"
        />
        <TextField
          select
          size="small"
          label="Loyalty class"
          value={loyalty}
          onChange={(e) => {
            setLoyalty(e.target.value);
            resetPage();
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">All</MenuItem>
          {LOYALTY_CLASSES.map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
          <MenuItem value="none">{PEOPLE_MSG.noClass}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label="Approved"
          value={approved}
          onChange={(e) => {
            setApproved(e.target.value);
            resetPage();
          }}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="">All</MenuItem>
          <MenuItem value="1">Yes</MenuItem>
          <MenuItem value="0">No</MenuItem>
        </TextField>
      </Stack>
      <PagedTable
        columns={COLUMNS}
        query={query}
        paging={paging}
        rowKey={(p) => p.id}
        onOpen={(p) => navigate(pathTo('Passenger', { id: p.id }))}
        testId="passengers-table"
      />
    </Stack>
  );
}

export default function PassengersPage() {
  return <PassengerList registered title="Passengers" />;
}
