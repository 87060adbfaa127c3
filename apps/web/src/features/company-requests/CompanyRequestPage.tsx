import { Alert, Button, LinearProgress, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { COMPANY_REQUEST_MSG, type CompanyRequestDto, companyRequestPolicy, PARTNER_BILLING } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { formatDateTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { companyRequestKeys, useCompanyRequest } from './api';
import { StatusChip } from './StatusChip';

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack direction="row" spacing={2}>
      <Typography color="textSecondary" sx={{ width: 160, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Stack>
  );
}

/** Approve into a company with its first user (the contact, with this password), or reject with a reason. */
function Review({ request }: { request: CompanyRequestDto }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [password, setPassword] = useState('');
  const [billing, setBilling] = useState<'monthly' | 'per_ride'>('monthly');
  const [max, setMax] = useState('0');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const done = (message: string | undefined, fallback: string) => {
    toast.success(message ?? fallback);
    setErrors({});
    void qc.invalidateQueries({ queryKey: companyRequestKeys.all });
  };
  const fieldErrors = (error: Error) => {
    if (error instanceof ApiError && error.status === 422)
      setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0]])));
  };
  const approve = useApiMutation({
    mutationFn: () =>
      api(endpoints.approveCompanyRequest, {
        params: { id: request.id },
        body: { password, billing, max_active_bookings: Number(max) || 0 },
      }),
    onSuccess: (res) => done(res.message, COMPANY_REQUEST_MSG.approvedInto(request.company_name)),
    onError: fieldErrors,
  });
  const reject = useApiMutation({
    mutationFn: () => api(endpoints.rejectCompanyRequest, { params: { id: request.id }, body: { reason } }),
    onSuccess: (res) => done(res.message, COMPANY_REQUEST_MSG.rejectedMsg),
    onError: fieldErrors,
  });
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('Approve')}
        </Typography>
        <Stack spacing={1.5}>
          <TextField
            size="small"
            type="password"
            label={t('First user password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={!!errors.password}
            helperText={errors.password ?? errors.contact_email}
            autoComplete="new-password"
          />
          <TextField
            select
            size="small"
            label={t('Billing')}
            value={billing}
            onChange={(e) => setBilling(e.target.value as 'monthly' | 'per_ride')}
          >
            {PARTNER_BILLING.map((b) => (
              <MenuItem key={b.value} value={b.value}>
                {t(b.label)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="number"
            label={t('Max active bookings')}
            value={max}
            onChange={(e) => setMax(e.target.value)}
            helperText={t('0: no limit')}
            slotProps={{ htmlInput: { min: 0 } }}
          />
          <Button variant="contained" disabled={approve.isPending} onClick={() => approve.mutate()}>
            {t('Approve')}
          </Button>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('Reject')}
        </Typography>
        <Stack spacing={1.5}>
          <TextField
            size="small"
            multiline
            minRows={3}
            label={t('Reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={!!errors.reason}
            helperText={errors.reason}
          />
          <Button variant="outlined" color="error" disabled={reject.isPending} onClick={() => reject.mutate()}>
            {t('Reject')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** /company-request/{id}: one company's request and its review. */
export default function CompanyRequestPage() {
  const { t } = useTranslation();
  const allows = usePolicy();
  const id = Number(useParams().id) || 0;
  const one = useCompanyRequest(id);
  if (one.isPending) return <LinearProgress aria-label={t('Loading')} />;
  if (one.isError || !one.data) return <Alert severity="error">{t('Not found')}</Alert>;
  const r = one.data;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="company-request">
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Typography variant="h6" component="h2">
            {r.company_name}
          </Typography>
          <StatusChip status={r.status} />
        </Stack>
        <Stack spacing={0.75}>
          <Line label={t('Address')}>{r.address ?? ''}</Line>
          <Line label={t('Contact name')}>{`${r.contact_first_name} ${r.contact_last_name}`.trim()}</Line>
          <Line label={t('Email')}>
            <span dir="ltr">{r.contact_email}</span>
          </Line>
          <Line label={t('Phone number')}>
            <span dir="ltr">{r.contact_phone ?? ''}</span>
          </Line>
          <Line label={t('Message')}>{r.message ?? ''}</Line>
          <Line label={t('Created at')}>{formatDateTime(r.created_at)}</Line>
          {r.reviewed_at && (
            <Line label={t('Reviewed')}>
              {formatDateTime(r.reviewed_at)} · {r.reviewed_by ?? ''}
            </Line>
          )}
          {r.reject_reason && <Line label={t('Reason')}>{r.reject_reason}</Line>}
        </Stack>
      </Paper>
      {r.status === 'pending' && allows(companyRequestPolicy.review) && <Review request={r} />}
    </Stack>
  );
}
