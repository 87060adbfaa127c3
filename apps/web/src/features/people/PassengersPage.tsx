import { Chip, Stack } from '@mui/material';
import { LOYALTY_CLASSES, type PassengerDto, PEOPLE_MSG, pathTo } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { endpoints } from '../../api/endpoints';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { useDebounced } from '../../components/pickers';
import { SelectField } from '../../components/SelectField';
import { formatComplaintTime } from '../../i18n/format';
import { usePassengers } from './api';
import {
  filterSetter,
  LoyaltyBadges,
  PageHeader,
  PhoneText,
  SearchBox,
  translatedOptions,
  withAll,
  YES_NO_FILTER,
} from './components';
import { SelectionBar, useRowSelection } from './selection';

/** The loyalty filter; PEOPLE_MSG.noClass is read when shown, so in the current language. */
const loyaltyFilter = () => [...withAll(LOYALTY_CLASSES), { value: 'none', label: PEOPLE_MSG.noClass }];

const columns = (t: (source: string) => string): PagedColumn<PassengerDto>[] => [
  { key: 'id', label: '#', render: (p) => p.id },
  {
    key: 'name',
    label: t('Name'),
    render: (p) => (
      <>
        {p.full_name}
        {p.can_use_vip && <Chip size="small" label={t('VIP')} color="secondary" sx={{ ml: 1 }} />}
      </>
    ),
  },
  { key: 'phone', label: t('Phone'), render: (p) => <PhoneText value={p.phone_number} /> },
  { key: 'email', label: t('E-mail'), render: (p) => p.email ?? '—' },
  { key: 'loyalty', label: t('Loyalty'), render: (p) => <LoyaltyBadges classes={p.active_loyalty_classes} /> },
  {
    key: 'status',
    label: t('Status'),
    render: (p) =>
      p.approved_at ? (
        <Chip size="small" color="success" label={t('Approved')} />
      ) : p.id_card_front || p.id_card_back ? (
        <Chip size="small" color="warning" label={PEOPLE_MSG.withDocs} />
      ) : (
        <Chip size="small" label={PEOPLE_MSG.withoutDocs} />
      ),
  },
  { key: 'created', label: t('Created'), render: (p) => formatComplaintTime(p.created_at) },
];

/** /passengers (registered) and /unregistered_passengers: server-side search, filters and paging. */
export function PassengerList({ registered, title }: { registered: boolean; title: string }) {
  const { t } = useTranslation();
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
  // The selection's one bulk action is its export: activating a passenger is the approval wizard's decision.
  const selection = useRowSelection(query.data?.data ?? []);
  // A new filter starts over on the first page, with nothing selected.
  const filter = filterSetter({
    reset: () => {
      paging.reset();
      selection.clear();
    },
  });

  return (
    <Stack spacing={2}>
      <PageHeader title={title} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <SearchBox value={search} onChange={filter(setSearch)} placeholder={t('Name, phone or e-mail')} />
        <SelectField
          label={t('Loyalty class')}
          value={loyalty}
          options={translatedOptions(loyaltyFilter(), t)}
          onChange={filter(setLoyalty)}
          sx={{ minWidth: 160 }}
        />
        <SelectField
          label={t('Approved')}
          value={approved}
          options={translatedOptions(YES_NO_FILTER, t)}
          onChange={filter(setApproved)}
          sx={{ minWidth: 140 }}
        />
        <ExportCsvButton
          endpoint={endpoints.passengersCsv}
          filter={{ search: term, loyalty_class: loyalty, approved, registered, sortBy: 'id', descending: true }}
        />
      </Stack>
      <SelectionBar
        selection={selection}
        endpoint={endpoints.passengersCsv}
        order={{ sortBy: 'id', descending: true }}
      />
      <PagedTable
        columns={[selection.column, ...columns(t)]}
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
  const { t } = useTranslation();
  return <PassengerList registered title={t('Passengers')} />;
}
