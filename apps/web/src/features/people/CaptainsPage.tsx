import { Button, Chip, Stack } from '@mui/material';
import { type CaptainDto, captainPolicy, pathTo } from '@taxi/shared';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { useDebounced } from '../../components/pickers';
import { SelectField } from '../../components/SelectField';
import { formatDateTime } from '../../components/time';
import { usePolicy } from '../auth/currentUser';
import { useCaptains } from './api';
import { filterSetter, PageHeader, SearchBox, YES_NO_FILTER } from './components';

export function CaptainStatus({ c }: { c: CaptainDto }) {
  const blocked = c.blocked_until && new Date(c.blocked_until) > new Date();
  return (
    <Stack direction="row" spacing={0.5}>
      {blocked ? (
        <Chip size="small" color="error" label="Blocked" />
      ) : c.active ? (
        <Chip size="small" color="success" label="Active" />
      ) : (
        <Chip size="small" label="Inactive" />
      )}
      {c.online && <Chip size="small" color="info" variant="outlined" label="Online" />}
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
    { key: 'name', label: 'Name', render: (c) => c.full_name },
    { key: 'username', label: 'Username', render: (c) => c.username ?? '—' },
    { key: 'phone', label: 'Phone', render: (c) => c.phone_number ?? '—' },
    { key: 'status', label: 'Status', render: (c) => <CaptainStatus c={c} /> },
    {
      key: 'extra',
      label: props.extraColumn?.label ?? 'Created',
      render: (c) => (props.extraColumn ? props.extraColumn.render(c) : formatDateTime(c.created_at)),
    },
  ];
  const filter = filterSetter(paging);
  const select = (label: string, value: string, set: (v: string) => void) => (
    <SelectField label={label} value={value} options={YES_NO_FILTER} onChange={filter(set)} sx={{ minWidth: 130 }} />
  );
  return (
    <Stack spacing={2}>
      <PageHeader title={props.title} actions={props.actions} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <SearchBox value={search} onChange={filter(setSearch)} placeholder="Name, username or phone" />
        {props.filters !== false && select('Active', active, setActive)}
        {props.filters !== false && select('Online', online, setOnline)}
      </Stack>
      <PagedTable
        columns={columns}
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
  const allows = usePolicy();
  return (
    <CaptainList
      title="Drivers"
      fixed={{ registered: true }}
      actions={
        allows(captainPolicy.change) && (
          <Button variant="contained" component={RouterLink} to={pathTo('DriversCreate')}>
            New driver
          </Button>
        )
      }
    />
  );
}
