import { Box, Chip, type ChipProps, Link, Stack, TextField, Typography } from '@mui/material';
import {
  type OutboundStatus,
  pathTo,
  SMS_CODE_PURPOSES,
  SMS_CODE_STATUSES,
  SMS_RECIPIENT_KINDS,
  type SmsCodeDto,
  type SmsCodePurpose,
  type SmsCodeStatus,
  type SmsRecipientKind,
} from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { PhoneText } from '../../components/PhoneText';
import { useDebounced } from '../../components/pickers';
import { SelectField, type SelectOption } from '../../components/SelectField';
import { formatDateTime } from '../../i18n/format';
import { DateRangeFields } from '../bookings/DateRangeFields';
import { filterSetter } from '../people/components';
import { useSmsCodes } from './api';

type T = (source: string, vars?: Record<string, string | number>) => string;

// Each label is a literal t() call, so the catalogue test finds it; translated at render.
const statusLabels = (t: T): Record<SmsCodeStatus, string> => ({
  sent: t('Sent'),
  verified: t('Verified'),
  expired: t('Expired'),
  failed: t('Failed'),
});
const purposeLabels = (t: T): Record<SmsCodePurpose, string> => ({
  signup: t('Sign-up'),
  login: t('Login'),
  phone_change: t('Phone change'),
});
const kindLabels = (t: T): Record<SmsRecipientKind, string> => ({
  passenger: t('Passenger'),
  captain: t('Driver'),
});
const deliveryLabels = (t: T): Record<OutboundStatus, string> => ({
  queued: t('Queued'),
  sent: t('Sent'),
  failed: t('Failed'),
});

const STATUS_COLORS: Record<SmsCodeStatus, ChipProps['color']> = {
  sent: 'info',
  verified: 'success',
  expired: 'default',
  failed: 'error',
};

/** Filters keep their width on a wide screen and wrap to a second line; full width on a narrow one. */
const FIELD_WIDTH = {
  search: { width: { xs: '100%', md: 260 } },
  select: { width: { xs: '100%', md: 150 } },
  date: { width: 140 },
} as const;

/** 'All' then each value with its label. */
function optionsOf<V extends string>(values: readonly V[], labels: Record<V, string>, t: T): SelectOption<V | ''>[] {
  return [{ value: '', label: t('All') }, ...values.map((value) => ({ value, label: labels[value] }))];
}

function Recipient({ row }: { row: SmsCodeDto }) {
  const { t } = useTranslation();
  const { kind, id, name } = row.recipient;
  const to = kind === 'passenger' ? pathTo('Passenger', { id }) : pathTo('Captain', { id });
  return (
    <Stack spacing={0}>
      <Link component={RouterLink} to={to} underline="hover">
        {name ?? `#${id}`}
      </Link>
      <Typography variant="caption" color="textSecondary">
        {kindLabels(t)[kind]} · #{id}
      </Typography>
    </Stack>
  );
}

const columns = (t: T): PagedColumn<SmsCodeDto>[] => [
  { key: 'created', label: t('Sent at'), render: (r) => formatDateTime(r.created_at) },
  { key: 'recipient', label: t('Recipient'), render: (r) => <Recipient row={r} /> },
  { key: 'phone', label: t('Phone'), render: (r) => <PhoneText value={r.phone} /> },
  { key: 'purpose', label: t('Purpose'), render: (r) => purposeLabels(t)[r.purpose] },
  {
    key: 'code',
    label: t('Code'),
    render: (r) => (
      <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        {r.code_masked}
      </Box>
    ),
  },
  {
    key: 'status',
    label: t('Status'),
    render: (r) => <Chip size="small" color={STATUS_COLORS[r.status]} label={statusLabels(t)[r.status]} />,
  },
  {
    key: 'delivery',
    label: t('Message'),
    render: (r) =>
      r.delivery ? (
        <Typography variant="body2" color={r.delivery === 'failed' ? 'error' : undefined}>
          {deliveryLabels(t)[r.delivery]}
        </Typography>
      ) : (
        '—'
      ),
  },
  { key: 'attempts', label: t('Tries'), render: (r) => r.attempts },
  {
    key: 'expires',
    label: t('Expires'),
    render: (r) =>
      r.verified_at ? (
        <Typography variant="body2" color="textSecondary">
          {t('Verified at {{time}}', { time: formatDateTime(r.verified_at) })}
        </Typography>
      ) : (
        formatDateTime(r.expires_at)
      ),
  },
];

/** /sms_codes: the verification codes sent to passengers and captains, newest first; the codes never shown. */
export default function SmsCodesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<SmsCodeStatus | ''>('');
  const [kind, setKind] = useState<SmsRecipientKind | ''>('');
  const [purpose, setPurpose] = useState<SmsCodePurpose | ''>('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const paging = usePaging();
  const term = useDebounced(search.trim());
  const query = useSmsCodes({
    page: paging.page + 1,
    perPage: paging.perPage,
    search: term,
    status,
    recipient_kind: kind,
    purpose,
    from_date: fromDate,
    to_date: toDate,
  });
  const filter = filterSetter(paging);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="textSecondary">
        {t(
          'Verification codes sent by SMS or WhatsApp to passengers and drivers. The codes themselves are never shown.',
        )}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          label={t('Search')}
          placeholder={t('Name or phone')}
          value={search}
          onChange={(e) => filter(setSearch)(e.target.value)}
          sx={FIELD_WIDTH.search}
          slotProps={{ htmlInput: { 'data-testid': 'sms-search' } }}
        />
        <SelectField
          label={t('Status')}
          value={status}
          options={optionsOf(SMS_CODE_STATUSES, statusLabels(t), t)}
          onChange={filter((v) => setStatus(v as SmsCodeStatus | ''))}
          sx={FIELD_WIDTH.select}
        />
        <SelectField
          label={t('Recipient')}
          value={kind}
          options={optionsOf(SMS_RECIPIENT_KINDS, kindLabels(t), t)}
          onChange={filter((v) => setKind(v as SmsRecipientKind | ''))}
          sx={FIELD_WIDTH.select}
        />
        <SelectField
          label={t('Purpose')}
          value={purpose}
          options={optionsOf(SMS_CODE_PURPOSES, purposeLabels(t), t)}
          onChange={filter((v) => setPurpose(v as SmsCodePurpose | ''))}
          sx={FIELD_WIDTH.select}
        />
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
      <PagedTable columns={columns(t)} query={query} paging={paging} rowKey={(r) => r.id} testId="sms-codes-table" />
    </Stack>
  );
}
