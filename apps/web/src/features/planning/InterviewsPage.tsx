import {
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  captainPolicy,
  type InterviewOutcome,
  type InterviewOutcomeBody,
  type InterviewSlotDto,
  interviewPolicy,
  INTERVIEW_MSG as M,
} from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { api, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { toast } from '../../api/toast';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { CashRegisterPicker, type PickerOption } from '../../components/pickers';
import { formatDateTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { interviewKeys, useInterviews } from './api';

const OUTCOME_COLOR = { passed: 'success', failed: 'error' } as const;

/** /interviews (PLANNING): the booked interviews and their outcomes (passed activates, failed refuses). */
export default function InterviewsPage() {
  const { t } = useTranslation();
  const allows = usePolicy();
  const client = useQueryClient();
  const [waiting, setWaiting] = useState(true);
  const paging = usePaging();
  const list = useInterviews({ page: paging.page + 1, perPage: paging.perPage, waiting });
  const [deciding, setDeciding] = useState<{ slot: InterviewSlotDto; outcome: InterviewOutcome } | null>(null);
  const canDecide = allows(interviewPolicy.change);
  const canActivate = allows(captainPolicy.change);
  const columns: PagedColumn<InterviewSlotDto>[] = [
    { key: 'starts', label: M.startsAt, render: (s) => formatDateTime(s.starts_at) },
    { key: 'applicant', label: M.applicant, render: (s) => s.applicant?.full_name ?? '' },
    { key: 'interviewer', label: M.interviewer, render: (s) => s.interviewer.name },
    {
      key: 'outcome',
      label: M.outcome,
      render: (s) =>
        s.outcome ? (
          <Chip
            size="small"
            color={OUTCOME_COLOR[s.outcome]}
            label={M[s.outcome]}
            title={s.outcome_reason ?? undefined}
          />
        ) : (
          <Chip size="small" label={M.waiting} />
        ),
    },
    {
      key: 'actions',
      label: t('Actions'),
      render: (s) =>
        canDecide && !s.outcome ? (
          <Stack direction="row" spacing={1}>
            {canActivate && (
              <Button size="small" onClick={() => setDeciding({ slot: s, outcome: 'passed' })}>
                {M.passed}
              </Button>
            )}
            <Button size="small" color="error" onClick={() => setDeciding({ slot: s, outcome: 'failed' })}>
              {M.failed}
            </Button>
          </Stack>
        ) : null,
    },
  ];
  return (
    <Stack spacing={2} component="section" aria-labelledby="interviews-heading">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" id="interviews-heading" sx={{ flex: 1 }}>
          {M.interviews}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={waiting}
              onChange={(e) => {
                setWaiting(e.target.checked);
                paging.reset();
              }}
            />
          }
          label={M.waiting}
        />
      </Stack>
      <PagedTable columns={columns} query={list} paging={paging} rowKey={(s) => s.id} testId="interviews-table" />
      {deciding && (
        <OutcomeDialog
          slot={deciding.slot}
          outcome={deciding.outcome}
          onClose={() => setDeciding(null)}
          onDone={() => {
            setDeciding(null);
            void client.invalidateQueries({ queryKey: interviewKeys.all });
          }}
        />
      )}
    </Stack>
  );
}

/** 'Passed' asks the cash register the activation needs; 'Failed' asks the reason. */
function OutcomeDialog(props: {
  slot: InterviewSlotDto;
  outcome: InterviewOutcome;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [register, setRegister] = useState<PickerOption | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useApiMutation({
    mutationFn: (body: InterviewOutcomeBody) =>
      api(endpoints.recordInterviewOutcome, { params: { id: props.slot.id }, body }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      props.onDone();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.status === 422)
        setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]])));
    },
  });
  const submit = () =>
    save.mutate(
      props.outcome === 'passed'
        ? { outcome: 'passed', cash_register_id: register?.id ?? 0 }
        : { outcome: 'failed', reason },
    );
  return (
    <Dialog open onClose={props.onClose} maxWidth="xs" fullWidth>
      <DialogTitle>
        {M.recordOutcome}: {M[props.outcome]}
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="textSecondary">
            {props.slot.applicant?.full_name} — {formatDateTime(props.slot.starts_at)}
          </Typography>
          {props.outcome === 'passed' ? (
            <CashRegisterPicker value={register} onChange={setRegister} error={errors.cash_register_id} autoFocus />
          ) : (
            <TextField
              label={M.reason}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={!!errors.reason}
              helperText={errors.reason}
              multiline
              minRows={2}
              autoFocus
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{t('Cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          {t('Save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
