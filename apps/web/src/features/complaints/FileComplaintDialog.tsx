import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { BOOKING_MSG, COMPLAINT_SUBJECTS, type ComplaintSubject } from '@taxi/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../api/toast';
import { CaptainPicker, PassengerPicker, type PickerOption } from '../../components/pickers';
import { useFileComplaint } from './api';
import { VoiceNotes } from './VoiceRecorder';

type T = (source: string) => string;
const subjectLabels = (t: T): Record<ComplaintSubject, string> => ({
  booking: t('A booking'),
  captain: t('A captain'),
  passenger: t('A passenger'),
});

/**
 * '+ File a complaint': against a booking (its number), a captain or a passenger (the people pickers);
 * a description; recorded or attached wav voice notes. `fixed` files against one subject without a choice.
 */
export function FileComplaintDialog({
  open,
  onClose,
  fixed,
}: {
  open: boolean;
  onClose: () => void;
  fixed?: { subject: ComplaintSubject; id: number };
}) {
  const { t } = useTranslation();
  const [subject, setSubject] = useState<ComplaintSubject>(fixed?.subject ?? 'booking');
  const [bookingId, setBookingId] = useState('');
  const [person, setPerson] = useState<PickerOption | null>(null);
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<Blob[]>([]);
  const [error, setError] = useState<string | undefined>();
  const file = useFileComplaint();

  const reset = () => {
    setBookingId('');
    setPerson(null);
    setDescription('');
    setFiles([]);
    setError(undefined);
  };
  const close = () => {
    onClose();
    reset();
  };
  const target = (): number | null => {
    if (fixed) return fixed.id;
    if (subject === 'booking') return /^\d+$/.test(bookingId.trim()) ? Number(bookingId.trim()) : null;
    return person?.id ?? null;
  };
  const submit = () => {
    const id = target();
    if (id === null) {
      setError(t('This field is required'));
      return;
    }
    file.mutate(
      { subject: fixed?.subject ?? subject, id, description, files },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? BOOKING_MSG.saved);
          close();
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="file-complaint-title">
      <DialogTitle id="file-complaint-title">{t('File a complaint')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {!fixed && (
            <RadioGroup
              row
              aria-label={t('Against')}
              value={subject}
              onChange={(e) => {
                setSubject(e.target.value as ComplaintSubject);
                setPerson(null);
                setError(undefined);
              }}
            >
              {COMPLAINT_SUBJECTS.map((s) => (
                <FormControlLabel key={s} value={s} control={<Radio />} label={subjectLabels(t)[s]} />
              ))}
            </RadioGroup>
          )}
          {!fixed && subject === 'booking' && (
            <TextField
              label={t('Order number')}
              value={bookingId}
              onChange={(e) => {
                setBookingId(e.target.value);
                setError(undefined);
              }}
              error={!!error}
              helperText={error}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'file-booking-id' } }}
            />
          )}
          {!fixed && subject === 'captain' && (
            <CaptainPicker value={person} onChange={setPerson} error={error} testId="file-captain" />
          )}
          {!fixed && subject === 'passenger' && (
            <PassengerPicker value={person} onChange={setPerson} error={error} testId="file-passenger" />
          )}
          <TextField
            label={t('Description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { 'data-testid': 'file-description' } }}
          />
          <VoiceNotes value={files} onChange={setFiles} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('Cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={file.isPending} data-testid="file-submit">
          {t('Ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
