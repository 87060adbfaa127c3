import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  CAR_REQUEST_LABELS,
  CAR_REQUEST_STATUSES,
  type CarRequestCarDto,
  type CarRequestDto,
  type CarRequestStatus,
  carRequestPolicy,
  carRequestRefuseSchema,
  REFUSAL_MAX,
} from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { PhoneText } from '../../components/PhoneText';
import { translateText } from '../../i18n';
import { formatDateTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { useCarRequests, useSurveysInvalidate } from './api';

const STATUS_COLOR: Record<CarRequestStatus, 'warning' | 'success' | 'default'> = {
  pending: 'warning',
  approved: 'success',
  refused: 'default',
};

function StatusChip({ status }: { status: CarRequestStatus }) {
  return (
    <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={CAR_REQUEST_LABELS.statuses[status]} />
  );
}

const carName = (car: CarRequestCarDto) => [car.brand?.name, car.model?.name].filter(Boolean).join(' ');

/** A car's facts, the current one beside the requested one. */
function CarCard({ title, car, testId }: { title: string; car: CarRequestCarDto | null; testId: string }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid={testId}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        {title}
      </Typography>
      {car === null ? (
        <Typography color="textSecondary">{t('No car')}</Typography>
      ) : (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}>
          <Typography component="dt" color="textSecondary">
            {t('Plate number')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }} dir="ltr">
            {car.number}
          </Typography>
          <Typography component="dt" color="textSecondary">
            {t('Car model')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {carName(car) || '—'}
          </Typography>
          <Typography component="dt" color="textSecondary">
            {t('Color')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {car.color ? dataLabel(car.color.name) : '—'}
          </Typography>
          <Typography component="dt" color="textSecondary">
            {t('Year')}
          </Typography>
          <Typography component="dd" sx={{ m: 0 }}>
            {car.year ?? '—'}
          </Typography>
        </Box>
      )}
    </Paper>
  );
}

/** One request: who, what they ask beside what they drive now, and the decision. */
function RequestDialog({ request, onClose }: { request: CarRequestDto | null; onClose: () => void }) {
  const { t } = useTranslation();
  const allows = usePolicy();
  const invalidate = useSurveysInvalidate();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const done = (message?: string) => {
    if (message) toast.success(message);
    void invalidate.carRequests();
    setRefusing(false);
    setReason('');
    onClose();
  };
  const approve = useApiMutation({
    mutationFn: (id: number) => api(endpoints.approveCarRequest, { params: { id } }),
    onSuccess: (res) => done(res.message),
  });
  const refuse = useApiMutation({
    mutationFn: (v: { id: number; reason: string }) =>
      api(endpoints.refuseCarRequest, { params: { id: v.id }, body: { reason: v.reason } }),
    onSuccess: (res) => done(res.message),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) setReasonError(error.errors.reason?.[0] ?? null);
    },
  });
  const submitRefusal = () => {
    if (!request) return;
    const parsed = carRequestRefuseSchema.safeParse({ reason });
    if (!parsed.success) return setReasonError(parsed.error.issues[0].message);
    setReasonError(null);
    refuse.mutate({ id: request.id, reason: parsed.data.reason });
  };
  const canDecide = request?.status === 'pending' && allows(carRequestPolicy.decide);
  return (
    <Dialog open={request !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="car-request-title">
      {request && (
        <>
          <DialogTitle id="car-request-title">
            {t('Car request #{{id}}: {{kind}}', { id: request.id, kind: CAR_REQUEST_LABELS.kinds[request.kind] })}
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>{request.captain.full_name}</Typography>
                {request.captain.phone_number && <PhoneText value={request.captain.phone_number} />}
                <StatusChip status={request.status} />
                <Typography variant="body2" color="textSecondary">
                  {formatDateTime(request.created_at)}
                </Typography>
              </Stack>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <CarCard
                    title={request.kind === 'change' ? t('Current car') : t('Newest car now')}
                    car={request.current}
                    testId="car-request-current"
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>
                  <CarCard title={t('Requested car')} car={request.requested} testId="car-request-requested" />
                </Grid>
              </Grid>
              {request.photos.length === 0 && (
                <Typography variant="body2" color="textSecondary">
                  {t('No photo sent')}
                </Typography>
              )}
              {request.status !== 'pending' && (
                <Alert severity={request.status === 'approved' ? 'success' : 'info'}>
                  {request.status === 'approved'
                    ? t('Approved by {{name}} on {{date}}', {
                        name: request.decided_by ?? '—',
                        date: request.decided_at ? formatDateTime(request.decided_at) : '—',
                      })
                    : t('Refused: {{reason}}', { reason: request.reason ?? '' })}
                </Alert>
              )}
              {refusing && (
                <TextField
                  autoFocus
                  required
                  multiline
                  minRows={2}
                  label={t('Reason of the refusal')}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  error={reasonError !== null}
                  helperText={reasonError ? translateText(reasonError) : undefined}
                  slotProps={{ htmlInput: { maxLength: REFUSAL_MAX, 'data-testid': 'car-request-reason' } }}
                />
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('Close')}</Button>
            {canDecide && !refusing && (
              <Button color="error" onClick={() => setRefusing(true)} data-testid="car-request-refuse">
                {t('Refuse')}
              </Button>
            )}
            {canDecide && refusing && (
              <Button color="error" variant="contained" disabled={refuse.isPending} onClick={submitRefusal}>
                {t('Confirm the refusal')}
              </Button>
            )}
            {canDecide && !refusing && (
              <Button
                variant="contained"
                disabled={approve.isPending}
                onClick={() => approve.mutate(request.id)}
                data-testid="car-request-approve"
              >
                {t('Approve')}
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/** /car_requests (CAPTAINS): captains' requests to add or change a car, pending first; approve or refuse. */
export default function CarRequestsPage() {
  const { t } = useTranslation();
  const paging = usePaging();
  const [status, setStatus] = useState<CarRequestStatus | ''>('');
  const list = useCarRequests(status, paging.page + 1, paging.perPage);
  const [open, setOpen] = useState<CarRequestDto | null>(null);

  const columns: PagedColumn<CarRequestDto>[] = [
    { key: 'id', label: t('Request'), render: (r) => `#${r.id}` },
    { key: 'captain', label: t('Captain'), render: (r) => r.captain.full_name },
    { key: 'kind', label: t('Kind'), render: (r) => CAR_REQUEST_LABELS.kinds[r.kind] },
    {
      key: 'car',
      label: t('Requested car'),
      render: (r) => (
        <span dir="auto">
          {carName(r.requested)} <bdi dir="ltr">{r.requested.number}</bdi>
        </span>
      ),
    },
    { key: 'status', label: t('Status'), render: (r) => <StatusChip status={r.status} /> },
    {
      key: 'created',
      label: t('Filed'),
      render: (r) => formatDateTime(r.created_at),
      sx: { whiteSpace: 'nowrap' },
    },
    {
      key: 'open',
      label: t('Actions'),
      render: (r) => (
        <Button size="small" onClick={() => setOpen(r)} data-testid={`car-request-open-${r.id}`}>
          {t('Details')}
        </Button>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="textSecondary" sx={{ flexGrow: 1 }}>
          {t('Captains ask to add a car or to change theirs; the car is created or changed when you approve.')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('Status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as CarRequestStatus | '');
            paging.reset();
          }}
          sx={{ minWidth: 180 }}
          slotProps={{
            htmlInput: { 'data-testid': 'car-request-status' },
            inputLabel: { shrink: true },
            select: { displayEmpty: true },
          }}
        >
          <MenuItem value="">{t('All (pending first)')}</MenuItem>
          {CAR_REQUEST_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {CAR_REQUEST_LABELS.statuses[s]}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <PagedTable
        columns={columns}
        query={list}
        paging={paging}
        rowKey={(r) => r.id}
        onOpen={(r) => setOpen(r)}
        testId="car-requests"
      />
      <RequestDialog request={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
