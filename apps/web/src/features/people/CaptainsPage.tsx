import { Button, Chip, Stack } from '@mui/material';
import { type CaptainDto, captainPolicy, pathTo } from '@taxi/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { endpoints } from '../../api/endpoints';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { useDebounced } from '../../components/pickers';
import { SelectField } from '../../components/SelectField';
import { formatComplaintTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { useCaptains } from './api';
import { ActivateCaptainsDialog } from './CaptainDialogs';
import { filterSetter, PageHeader, PhoneText, SearchBox, translatedOptions, YES_NO_FILTER } from './components';
import { SelectionBar, useRowSelection } from './selection';

export function CaptainStatus({ c }: { c: CaptainDto }) {
  const { t } = useTranslation();
  const blocked = c.blocked_until && new Date(c.blocked_until) > new Date();
  return (
    <Stack direction="row" spacing={0.5}>
      {blocked ? (
        <Chip size="small" color="error" label={t('Blocked')} />
      ) : c.active ? (
        <Chip size="small" color="success" label={t('Active')} />
      ) : (
        <Chip size="small" label={t('Inactive')} />
      )}
      {c.online && <Chip size="small" color="info" variant="outlined" label={t('Online')} />}
    </Stack>
  );
}

/** A paged captain list: /captains, /unregistered_captains, /blockedCaptains share it. */
export function CaptainList(props: {
  title: string;
  /** The blocked captains (GET captain/blocked) instead of all of them. */
  blocked?: boolean;
  fixed?: Record<string, string | boolean>;
  filters?: boolean;
  actions?: ReactNode;
  extraColumn?: { label: string; render: (c: CaptainDto) => ReactNode };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState('');
  const [online, setOnline] = useState('');
  const paging = usePaging();
  const term = useDebounced(search.trim());
  const query = useCaptains(
    { page: paging.page + 1, perPage: paging.perPage, search: term, active, online, ...props.fixed },
    props.blocked,
  );
  const columns: PagedColumn<CaptainDto>[] = [
    { key: 'id', label: '#', render: (c) => c.id },
    { key: 'name', label: t('Name'), render: (c) => c.full_name },
    { key: 'username', label: t('Username'), render: (c) => c.username ?? '—' },
    { key: 'phone', label: t('Phone'), render: (c) => (c.phone_number ? <PhoneText value={c.phone_number} /> : '—') },
    { key: 'status', label: t('Status'), render: (c) => <CaptainStatus c={c} /> },
    {
      key: 'extra',
      label: props.extraColumn?.label ?? t('Created'),
      render: (c) => (props.extraColumn ? props.extraColumn.render(c) : formatComplaintTime(c.created_at)),
    },
  ];
  const selection = useRowSelection(query.data?.data ?? []);
  const allows = usePolicy();
  const [activating, setActivating] = useState(false);
  // A new filter starts over on the first page, with nothing selected.
  const filter = filterSetter({
    reset: () => {
      paging.reset();
      selection.clear();
    },
  });
  const select = (label: string, value: string, set: (v: string) => void) => (
    <SelectField
      label={label}
      value={value}
      options={translatedOptions(YES_NO_FILTER, t)}
      onChange={filter(set)}
      sx={{ minWidth: 130 }}
    />
  );
  return (
    <Stack spacing={2}>
      <PageHeader title={props.title} actions={props.actions} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <SearchBox value={search} onChange={filter(setSearch)} placeholder={t('Name, username or phone')} />
        {props.filters !== false && select(t('Active'), active, setActive)}
        {props.filters !== false && select(t('Online'), online, setOnline)}
        <ExportCsvButton
          endpoint={endpoints.captainsCsv}
          filter={{
            search: term,
            active,
            online,
            ...props.fixed,
            ...(props.blocked ? { blocked: true, sortBy: 'blocked_until' } : {}),
          }}
        />
      </Stack>
      <SelectionBar
        selection={selection}
        endpoint={endpoints.captainsCsv}
        order={props.blocked ? { sortBy: 'blocked_until' } : undefined}
      >
        {allows(captainPolicy.change) && (
          <Button size="small" variant="outlined" onClick={() => setActivating(true)}>
            {t('Activate')}
          </Button>
        )}
      </SelectionBar>
      <ActivateCaptainsDialog
        ids={selection.ids}
        open={activating}
        onClose={() => setActivating(false)}
        onDone={selection.drop}
      />
      <PagedTable
        columns={[selection.column, ...columns]}
        query={query}
        paging={paging}
        rowKey={(c) => c.id}
        onOpen={(c) => navigate(pathTo('Captain', { id: c.id }))}
        testId="captains-table"
      />
    </Stack>
  );
}

export default function CaptainsPage() {
  const { t } = useTranslation();
  const allows = usePolicy();
  return (
    <CaptainList
      title={t('Drivers')}
      fixed={{ registered: true }}
      actions={
        allows(captainPolicy.change) && (
          <Button variant="contained" component={RouterLink} to={pathTo('DriversCreate')}>
            {t('New driver')}
          </Button>
        )
      }
    />
  );
}
