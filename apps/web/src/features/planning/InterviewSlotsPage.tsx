import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  type CaptainDto,
  type InterviewSlotBody,
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
import { DateTextField } from '../../components/DateTextField';
import { type PagedColumn, PagedTable, usePaging } from '../../components/PagedTable';
import { type PickerOption, RemotePicker } from '../../components/pickers';
import { formatDateTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { interviewKeys, useInterviewSlots } from './api';

const firstErrors = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v[0]]));

/** /available_interview_times (PLANNING): staff publish interview slots and book applicants into free ones. */
export default function InterviewSlotsPage() {
  const { t } = useTranslation();
  const allows = usePolicy();
  const client = useQueryClient();
  const canChange = allows(interviewPolicy.change);
  const paging = usePaging();
  const slots = useInterviewSlots({ page: paging.page + 1, perPage: paging.perPage });
  const [form, setForm] = useState({ starts_at: '', ends_at: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [booking, setBooking] = useState<InterviewSlotDto | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: interviewKeys.all });
  const publish = useApiMutation({
    mutationFn: (body: InterviewSlotBody) => api(endpoints.publishInterviewSlot, { body }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      setForm({ starts_at: '', ends_at: '' });
      setErrors({});
      void refresh();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 422) setErrors(firstErrors(error.errors));
    },
  });
  const remove = useApiMutation({
    mutationFn: (id: number) => api(endpoints.removeInterviewSlot, { params: { id } }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      void refresh();
    },
  });
  const err = (name: string) => ({ error: !!errors[name], helperText: errors[name] });
  const columns: PagedColumn<InterviewSlotDto>[] = [
    { key: 'starts', label: M.startsAt, render: (s) => formatDateTime(s.starts_at) },
    { key: 'ends', label: M.endsAt, render: (s) => formatDateTime(s.ends_at) },
    { key: 'interviewer', label: M.interviewer, render: (s) => s.interviewer.name },
    { key: 'applicant', label: M.applicant, render: (s) => s.applicant?.full_name ?? M.free },
    {
      key: 'actions',
      label: t('Actions'),
      render: (s) =>
        canChange && !s.applicant ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Button size="small" onClick={() => setBooking(s)}>
              {M.book}
            </Button>
            <IconButton size="small" aria-label={M.removeSlot} onClick={() => remove.mutate(s.id)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Stack>
        ) : null,
    },
  ];
  return (
    <Stack spacing={3}>
      {canChange && (
        <Stack spacing={1} component="section" aria-labelledby="publish-heading">
          <Typography variant="h6" component="h2" id="publish-heading">
            {M.publish}
          </Typography>
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
              <Box sx={{ width: { md: 300 } }}>
                <DateTextField
                  kind="datetime"
                  label={M.startsAt}
                  value={form.starts_at}
                  onChange={(v) => setForm((f) => ({ ...f, starts_at: v }))}
                  {...err('starts_at')}
                />
              </Box>
              <Box sx={{ width: { md: 300 } }}>
                <DateTextField
                  kind="datetime"
                  label={M.endsAt}
                  value={form.ends_at}
                  onChange={(v) => setForm((f) => ({ ...f, ends_at: v }))}
                  {...err('ends_at')}
                />
              </Box>
              <Button
                variant="contained"
                sx={{ mt: { md: 1 }, whiteSpace: 'nowrap' }}
                disabled={publish.isPending}
                onClick={() =>
                  publish.mutate({
                    starts_at: form.starts_at.replace('T', ' '),
                    ends_at: form.ends_at.replace('T', ' '),
                  })
                }
              >
                {M.publish}
              </Button>
            </Stack>
          </Paper>
        </Stack>
      )}
      <Stack spacing={1} component="section" aria-labelledby="slots-heading">
        <Typography variant="h6" component="h2" id="slots-heading">
          {M.slots}
        </Typography>
        <PagedTable columns={columns} query={slots} paging={paging} rowKey={(s) => s.id} testId="interview-slots" />
      </Stack>
      {booking && (
        <BookDialog
          slot={booking}
          onClose={() => setBooking(null)}
          onBooked={() => {
            setBooking(null);
            void refresh();
          }}
        />
      )}
    </Stack>
  );
}

/** Books an applicant (an unregistered, inactive captain) into a free slot; 409 when someone was faster. */
function BookDialog({
  slot,
  onClose,
  onBooked,
}: {
  slot: InterviewSlotDto;
  onClose: () => void;
  onBooked: () => void;
}) {
  const { t } = useTranslation();
  const [applicant, setApplicant] = useState<PickerOption | null>(null);
  const [error, setError] = useState<string | undefined>();
  const book = useApiMutation({
    mutationFn: (captainId: number) =>
      api(endpoints.bookInterview, { body: { slot_id: slot.id, captain_id: captainId } }),
    onSuccess: (res) => {
      if (res.message) toast.success(res.message);
      onBooked();
    },
    onError: (e) => {
      if (e instanceof ApiError && e.errors.captain_id) setError(e.errors.captain_id[0]);
    },
  });
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{M.book}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography variant="body2" color="textSecondary">
            {formatDateTime(slot.starts_at)} — {slot.interviewer.name}
          </Typography>
          <RemotePicker<CaptainDto>
            label={M.applicant}
            endpoint={endpoints.captains}
            query={{ registered: 'no', active: 'no', perPage: 20 }}
            searchable
            value={applicant}
            onChange={(v) => {
              setApplicant(v);
              setError(undefined);
            }}
            error={error}
            toOption={(c) => ({ id: c.id, label: c.full_name, secondary: c.username ?? undefined })}
            testId="interview-applicant"
            autoFocus
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('Cancel')}</Button>
        <Button
          variant="contained"
          disabled={!applicant || book.isPending}
          onClick={() => applicant && book.mutate(applicant.id)}
        >
          {M.book}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
