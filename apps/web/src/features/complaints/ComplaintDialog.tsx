import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  List,
  ListItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  BOOKING_MSG,
  COMPLAINT_STATUSES,
  type ComplaintCommentDto,
  type ComplaintStatus,
  complaintPolicy,
} from '@taxi/shared';
import { dataLabel, tr } from '@taxi/shared/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../api/toast';
import { FetchState } from '../../components/FetchState';
import { SelectField } from '../../components/SelectField';
import { formatComplaintTime } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import {
  commentAudioPath,
  complaintAudioPath,
  fetchRecording,
  useAddComment,
  useComplaintDetail,
  useUpdateStatus,
} from './api';
import { VoiceNotes } from './VoiceRecorder';
import { WaveformPlayer } from './WaveformPlayer';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="textSecondary" component="div">
        {label}
      </Typography>
      <Typography variant="body1" component="div" sx={{ whiteSpace: 'pre-wrap' }}>
        {children}
      </Typography>
    </Box>
  );
}

function CommentItem({ comment }: { comment: ComplaintCommentDto }) {
  const { t } = useTranslation();
  return (
    <ListItem disableGutters sx={{ display: 'block' }} data-testid="complaint-comment">
      <Typography variant="body2" color="textSecondary">
        {comment.doer_name ?? t('App')} · {formatComplaintTime(comment.created_at)}
      </Typography>
      <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap' }}>
        {comment.comment}
      </Typography>
      {comment.audios.map((name, i) => (
        <WaveformPlayer
          key={name}
          label={t('Voice note {{n}}', { n: i + 1 })}
          fileName={name}
          source={() => fetchRecording(commentAudioPath(comment.id, name))}
        />
      ))}
    </ListItem>
  );
}

/** The complaint's comments (its detail carries them) and the form that adds one. */
function Comments({ complaintId, comments }: { complaintId: number; comments: readonly ComplaintCommentDto[] }) {
  const { t } = useTranslation();
  const add = useAddComment(complaintId);
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Blob[]>([]);
  const submit = () => {
    if (!text.trim()) {
      toast.error(BOOKING_MSG.commentEmpty);
      return;
    }
    add.mutate(
      { comment: text.trim(), files },
      {
        onSuccess: (res) => {
          toast.success(res.message ?? BOOKING_MSG.commentAdded);
          setText('');
          setFiles([]);
        },
      },
    );
  };
  return (
    <Stack spacing={1} component="section" aria-labelledby="complaint-comments-title">
      <Typography variant="h6" component="h2" id="complaint-comments-title">
        {t('Comments')}
      </Typography>
      {comments.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {t('No comments yet')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {comments.map((c) => (
            <CommentItem key={c.id} comment={c} />
          ))}
        </List>
      )}
      <TextField
        label={t('Add a comment')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { 'data-testid': 'comment-text' } }}
      />
      <VoiceNotes value={files} onChange={setFiles} />
      <Box>
        <Button variant="contained" onClick={submit} disabled={add.isPending} data-testid="comment-send">
          {t('Send comment')}
        </Button>
      </Box>
    </Stack>
  );
}

function StatusControl({ complaintId, status }: { complaintId: number; status: ComplaintStatus }) {
  const { t } = useTranslation();
  const update = useUpdateStatus(complaintId);
  return (
    <SelectField
      label={t('Status')}
      value={status}
      options={COMPLAINT_STATUSES.map((s) => ({ value: s, label: tr(s) }))}
      onChange={(next) => update.mutate(next, { onSuccess: (res) => toast.success(res.message ?? BOOKING_MSG.saved) })}
      sx={{ width: '100%' }}
    />
  );
}

/**
 * The complaint dialog (bookings.md §2): complaint ID, description and author, the recordings (play or
 * download); for the Goverment role the taller layout with the status, its history and the comments.
 */
export function ComplaintDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const allows = usePolicy();
  const working = allows(complaintPolicy.workDialog);
  const detail = useComplaintDetail(id);
  const c = detail.data;
  return (
    <Dialog
      open={id !== null}
      onClose={onClose}
      fullWidth
      maxWidth={working ? 'md' : 'sm'}
      aria-labelledby="complaint-dialog-title"
      slotProps={{
        paper: { sx: working ? { minHeight: '85vh' } : undefined, 'data-testid': 'complaint-dialog' } as object,
      }}
    >
      <DialogTitle id="complaint-dialog-title">
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          {t('Complaint #{{id}}', { id: id ?? '' })}
          <Tooltip title={t('Close')}>
            <IconButton onClick={onClose} aria-label={t('Close')}>
              <CloseIcon />
            </IconButton>
          </Tooltip>
        </Stack>
      </DialogTitle>
      <DialogContent dividers>
        <FetchState query={detail} />
        {c && (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <Field label={t('Complaint ID')}>{c.id}</Field>
              <Field label={t('Author')}>{c.doer_name ?? t('App')}</Field>
              <Field label={t('Created')}>{formatComplaintTime(c.created_at)}</Field>
              <Field label={t('Category')}>{c.category_name ? dataLabel(c.category_name) : '—'}</Field>
              {!working && <Field label={t('Status')}>{tr(c.status)}</Field>}
            </Stack>
            <Field label={t('Description')}>{c.description ?? '—'}</Field>
            <Box>
              <Typography variant="caption" color="textSecondary" component="div">
                {t('Audio files')}
              </Typography>
              {c.audios.length === 0 ? (
                <Typography variant="body2">—</Typography>
              ) : (
                c.audios.map((name, i) => (
                  <WaveformPlayer
                    key={name}
                    label={t('Recording {{n}}', { n: i + 1 })}
                    fileName={name}
                    source={() => fetchRecording(complaintAudioPath(c.id, name))}
                  />
                ))
              )}
            </Box>
            {working && (
              <>
                <Divider />
                <Stack spacing={1}>
                  <Box sx={{ maxWidth: 280 }}>
                    <StatusControl complaintId={c.id} status={c.status} />
                  </Box>
                  {c.status_history.length > 0 && (
                    <List dense disablePadding aria-label={t('Status history')}>
                      {c.status_history.map((h) => (
                        <ListItem key={h.at + h.to} disableGutters>
                          <Typography variant="body2" color="textSecondary">
                            {t('{{from}} → {{to}} by {{who}}, {{time}}', {
                              from: h.from ? tr(h.from) : '—',
                              to: tr(h.to),
                              who: h.by_name ?? '—',
                              time: formatComplaintTime(h.at),
                            })}
                          </Typography>
                        </ListItem>
                      ))}
                    </List>
                  )}
                </Stack>
                <Divider />
                <Comments complaintId={c.id} comments={c.comments} />
              </>
            )}
          </Stack>
        )}
      </DialogContent>
    </Dialog>
  );
}
