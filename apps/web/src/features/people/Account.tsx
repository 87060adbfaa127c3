import { Button, Stack, Typography } from '@mui/material';
import {
  ACCOUNT_ENTRY_TYPES,
  type AccountEntryDto,
  type AccountEntryType,
  type AccountOwnerKind,
  ENTRY_OWNERS,
  ENTRY_TYPE_LABELS,
  ledgerPolicy,
  MSG,
} from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FetchState } from '../../components/FetchState';
import { RowsTable, type TableColumn } from '../../components/RowsTable';
import { SelectField } from '../../components/SelectField';
import { TablePager } from '../../components/TablePager';
import { formatComplaintTime, formatEuros } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { AccountEntryDialog } from './AccountEntryDialog';
import { useAccount } from './api';
import { BankAccountButton } from './BankAccountButton';
import { EMPTY_ROW_SX } from './components';
import { PayOutButton } from './PayOutButton';

const PER_PAGE = 10;
const euros = (cents: number) => formatEuros(cents / 100);

function Amount({ cents }: { cents: number }) {
  return (
    <Typography component="span" variant="inherit" dir="ltr" color={cents < 0 ? 'error' : undefined}>
      {euros(cents)}
    </Typography>
  );
}

const columns = (t: (source: string) => string): readonly TableColumn<AccountEntryDto>[] => [
  { key: 'date', label: t('Date'), render: (e) => formatComplaintTime(e.created_at) },
  { key: 'type', label: t('Type'), render: (e) => ENTRY_TYPE_LABELS[e.type] },
  { key: 'amount', label: t('Amount'), align: 'right', render: (e) => <Amount cents={e.amount} /> },
  {
    key: 'booking',
    label: t('Booking'),
    render: (e) => (e.booking_id ? <RouterLink to={`/log/${e.booking_id}`}>#{e.booking_id}</RouterLink> : '—'),
  },
  { key: 'note', label: t('Note'), render: (e) => e.note ?? '—' },
  { key: 'actor', label: t('By'), render: (e) => e.actor?.name ?? '—' },
];

/** A captain's or a passenger's account: the balance (sum of every entry) and its entries by type. */
export function Account({ kind, id }: { kind: AccountOwnerKind; id: number }) {
  const { t } = useTranslation();
  const allows = usePolicy();
  const [type, setType] = useState<AccountEntryType | ''>('');
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const query = useAccount(kind, id, { page: page + 1, perPage: PER_PAGE, ...(type ? { type } : {}) });
  const options = [
    { value: '' as const, label: t('All') },
    ...ACCOUNT_ENTRY_TYPES.filter((v) => ENTRY_OWNERS[v].includes(kind)).map((v) => ({
      value: v,
      label: ENTRY_TYPE_LABELS[v],
    })),
  ];
  const account = query.data;
  return (
    <Stack spacing={1} data-testid={`${kind}-account`}>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h2" variant="h6">
          {t('Balance')}
        </Typography>
        <Typography variant="h6" component="p" data-testid="account-balance">
          {account ? <Amount cents={account.balance} /> : '—'}
        </Typography>
        <SelectField
          label={t('Type')}
          value={type}
          options={options}
          onChange={(v) => {
            setType(v);
            setPage(0);
          }}
          sx={{ width: 220 }}
        />
        {allows(ledgerPolicy.adjust) && (
          <Button variant="outlined" onClick={() => setAdding(true)} data-testid="add-account-entry">
            {t('Add an entry')}
          </Button>
        )}
        {kind === 'captain' && account && allows(ledgerPolicy.adjust) && (
          <>
            <PayOutButton captainId={id} balance={account.balance} payout={account.payout} />
            <BankAccountButton captainId={id} payout={account.payout} />
          </>
        )}
      </Stack>
      <FetchState query={query} />
      <RowsTable
        columns={columns(t)}
        rows={account?.entries.data ?? []}
        rowKey={(e) => e.id}
        pending={query.isPending}
        empty={MSG.noData}
        emptySx={EMPTY_ROW_SX}
        testId="account-entries"
        ariaLabel={t('Account entries')}
      />
      <TablePager
        count={account?.entries.total ?? 0}
        page={page}
        perPage={PER_PAGE}
        perPageOptions={[PER_PAGE]}
        onPage={setPage}
        onPerPage={() => undefined}
      />
      <AccountEntryDialog kind={kind} id={id} open={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
