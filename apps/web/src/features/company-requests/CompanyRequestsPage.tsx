import {
  Button,
  LinearProgress,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import {
  COMPANY_REQUEST_STATUSES,
  type CompanyRequestStatus,
  companyRequestPolicy,
  companyRequestStatusLabel,
  MSG,
  pathTo,
} from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SelectField } from '../../components/SelectField';
import { PagingPager, usePaging } from '../../components/TablePager';
import { formatDateTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { useCompanyRequests } from './api';
import { NewRequestForm } from './NewRequestForm';
import { StatusChip } from './StatusChip';

/** /company-requests: companies asking to open an account, pending first. */
export default function CompanyRequestsPage() {
  const { t } = useTranslation();
  const allows = usePolicy();
  const [status, setStatus] = useState<CompanyRequestStatus | 'all'>('pending');
  const paging = usePaging(15);
  const { page, perPage } = paging;
  const [adding, setAdding] = useState(false);
  const list = useCompanyRequests(status === 'all' ? '' : status, page, perPage);
  const rows = list.data?.data ?? [];
  const options = [
    { value: 'all' as const, label: t('All') },
    ...COMPANY_REQUEST_STATUSES.map((s) => ({ value: s, label: companyRequestStatusLabel(s) })),
  ];
  return (
    <>
      {adding && <NewRequestForm onDone={() => setAdding(false)} />}
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="company-requests">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('Company requests')}
          </Typography>
          <SelectField
            label={t('Status')}
            value={status}
            options={options}
            onChange={(v) => {
              setStatus(v);
              paging.setPage(1);
            }}
            sx={{ width: 180 }}
          />
          {allows(companyRequestPolicy.review) && !adding && (
            <Button variant="contained" onClick={() => setAdding(true)}>
              {t('New company request')}
            </Button>
          )}
        </Stack>
        {list.isFetching && <LinearProgress aria-label={t('Loading')} />}
        {list.isSuccess && rows.length === 0 && <Typography color="textSecondary">{MSG.noData}</Typography>}
        {rows.length > 0 && (
          <TableContainer>
            <Table size="small" aria-label={t('Company requests')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('Company name')}</TableCell>
                  <TableCell>{t('Contact name')}</TableCell>
                  <TableCell>{t('Email')}</TableCell>
                  <TableCell>{t('Created at')}</TableCell>
                  <TableCell>{t('Status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id} data-testid={`company-request-${r.id}`}>
                    <TableCell>
                      <Link component={RouterLink} to={pathTo('CompanyRequest', { id: r.id })}>
                        {r.company_name}
                      </Link>
                    </TableCell>
                    <TableCell>{`${r.contact_first_name} ${r.contact_last_name}`.trim()}</TableCell>
                    <TableCell>
                      <span dir="ltr">{r.contact_email}</span>
                    </TableCell>
                    <TableCell>{formatDateTime(r.created_at)}</TableCell>
                    <TableCell>
                      <StatusChip status={r.status} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <PagingPager total={list.data?.total ?? 0} paging={paging} />
      </Paper>
    </>
  );
}
