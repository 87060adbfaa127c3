import { Chip, Stack } from '@mui/material';
import { LOYALTY_CLASSES, type PassengerDto, PEOPLE_MSG, pathTo } from '@taxi/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { useDebounced } from '../../components/pickers';
import { SelectField } from '../../components/SelectField';
import { formatDateTime } from '../../components/time';
import { usePassengers } from './api';
import { filterSetter, LoyaltyBadges, PageHeader, SearchBox, withAll, YES_NO_FILTER } from './components';

const LOYALTY_FILTER = [...withAll(LOYALTY_CLASSES), { value: 'none', label: PEOPLE_MSG.noClass }];

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
  const filter = filterSetter(paging);

  return (
    <Stack spacing={2}>
      <PageHeader title={title} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <SearchBox value={search} onChange={filter(setSearch)} placeholder="Name, phone or e-mail" />
        <SelectField
          label="Loyalty class"
          value={loyalty}
          options={LOYALTY_FILTER}
          onChange={filter(setLoyalty)}
          sx={{ minWidth: 160 }}
        />
        <SelectField
          label="Approved"
          value={approved}
          options={YES_NO_FILTER}
          onChange={filter(setApproved)}
          sx={{ minWidth: 140 }}
        />
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
