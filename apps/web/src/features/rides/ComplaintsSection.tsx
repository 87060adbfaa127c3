import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { BOOKING_MSG, type ComplaintDto, RIDE_UI } from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError } from '../../api/mutation';
import { toast } from '../../api/toast';
import { RefSelect } from '../../components/RefSelect';
import { RowsTable, type TableColumn } from '../../components/RowsTable';
import { formatComplaintTime } from '../../i18n/format';
import {
  fetchAudioUrl,
  useBookingComplaints,
  useComplaintCategories,
  useCreateComplaint,
  useSaveCategory,
} from './api';

/** Complaint category picker with Save (bookings.md §2, §5); read-only without complaintPolicy.categorize. */
export function CategoryPicker({ bookingId, canSave }: { bookingId: number; canSave: boolean }) {
  useTranslation();
  const categories = useComplaintCategories();
  const current = useBookingComplaints(bookingId).data?.category_id ?? null;
  const [value, setValue] = useState<number | ''>('');
  useEffect(() => setValue(current ?? ''), [current]);
  const save = useSaveCategory(bookingId);

  const onSave = () => {
    if (value === '') {
      toast.error(BOOKING_MSG.chooseCategory);
      return;
    }
    save.mutate(value, { onSuccess: () => toast.success(BOOKING_MSG.saved) });
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <RefSelect
        label={RIDE_UI.complaintCategory}
        value={value}
        options={categories.data}
        onChange={setValue}
        emptyLabel={<em>{RIDE_UI.none}</em>}
        sx={{ minWidth: 240 }}
        disabled={!canSave}
        testId="complaint-category"
      />
      {canSave && (
        <Button variant="contained" onClick={onSave} disabled={save.isPending}>
          {RIDE_UI.save}
        </Button>
      )}
    </Stack>
  );
}

function AudioLinks({ complaint }: { complaint: ComplaintDto }) {
  const { t } = useTranslation();
  const [urls, setUrls] = useState<Record<string, string>>({});
  useEffect(
    () => () => {
      for (const u of Object.values(urls)) URL.revokeObjectURL(u);
    },
    [urls],
  );
  if (complaint.audios.length === 0) return <>{RIDE_UI.none}</>;
  return (
    <Stack spacing={0.5}>
      {complaint.audios.map((name, i) =>
        urls[name] ? (
          <Stack key={name} spacing={0.25} sx={{ alignItems: 'flex-start' }}>
            {/* biome-ignore lint/a11y/useMediaCaption: operator voice recordings have no captions */}
            <audio controls src={urls[name]} style={{ height: 28, width: 150 }} />
            <Button size="small" href={urls[name]} download={name}>
              {RIDE_UI.download}
            </Button>
          </Stack>
        ) : (
          <Button
            key={name}
            size="small"
            onClick={() =>
              fetchAudioUrl(complaint.id, name)
                .then((url) => setUrls((u) => ({ ...u, [name]: url })))
                .catch((e) => toastError(e))
            }
          >
            {t('Play #{{n}}', { n: i + 1 })}
          </Button>
        ),
      )}
    </Stack>
  );
}

function AddComplaintDialog({ bookingId, open, onClose }: { bookingId: number; open: boolean; onClose: () => void }) {
  useTranslation();
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const create = useCreateComplaint(bookingId);
  const reset = () => {
    setDescription('');
    setFiles([]);
  };
  const submit = () =>
    create.mutate(
      { description, files },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? BOOKING_MSG.saved);
          reset();
          onClose();
        },
      },
    );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{RIDE_UI.addComplaint}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label={RIDE_UI.description}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={3}
            autoFocus
          />
          <Box>
            <Button variant="outlined" component="label">
              {RIDE_UI.chooseFiles}
              <input
                hidden
                type="file"
                multiple
                accept=".wav,audio/wav,audio/x-wav"
                onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
              />
            </Button>
            <Typography variant="body2" color="textSecondary" sx={{ mt: 0.5 }}>
              {files.length ? files.map((f) => f.name).join(', ') : RIDE_UI.wavFiles}
            </Typography>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{RIDE_UI.cancel}</Button>
        <Button variant="contained" onClick={submit} disabled={create.isPending}>
          {RIDE_UI.ok}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

const complaintColumns = (): readonly TableColumn<ComplaintDto>[] => [
  { key: 'id', label: RIDE_UI.complaintId, render: (c) => c.id },
  {
    key: 'description',
    label: RIDE_UI.complaintDescription,
    render: (c) => c.description ?? RIDE_UI.none,
    sx: { whiteSpace: 'pre-wrap' },
  },
  { key: 'author', label: RIDE_UI.complaintAuthor, render: (c) => c.doer_name ?? RIDE_UI.none },
  { key: 'status', label: RIDE_UI.complaintStatus, render: (c) => tr(c.status) },
  {
    key: 'time',
    label: RIDE_UI.complaintTime,
    render: (c) => formatComplaintTime(c.created_at),
    sx: { whiteSpace: 'nowrap' },
  },
  { key: 'audio', label: RIDE_UI.complaintAudio, render: (c) => <AudioLinks complaint={c} /> },
];

/** The booking's complaints with the add button. */
export function ComplaintsTable({ bookingId, canAdd }: { bookingId: number; canAdd: boolean }) {
  const list = useBookingComplaints(bookingId);
  const [open, setOpen] = useState(false);
  const { i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const columns = useMemo(complaintColumns, [i18n.language]);
  const rows = list.data?.complaints ?? [];
  return (
    <Box>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
          {RIDE_UI.complaints}
        </Typography>
        {canAdd && (
          <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
            {RIDE_UI.addComplaint}
          </Button>
        )}
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <RowsTable
          columns={columns}
          rows={rows}
          rowKey={(c) => c.id}
          pending={list.isPending}
          empty={RIDE_UI.noComplaints}
        />
      </Box>
      <AddComplaintDialog bookingId={bookingId} open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}
