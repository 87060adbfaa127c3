import AttachFileIcon from '@mui/icons-material/AttachFile';
import MicIcon from '@mui/icons-material/Mic';
import SendIcon from '@mui/icons-material/Send';
import StopIcon from '@mui/icons-material/Stop';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_MSG, type ChatMessageDto, MESSAGE_MAX_CHARS, type ReadReceiptDto } from '@taxi/shared';
import { type Ref, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiData, endpoints } from '../../api/endpoints';
import { useApiMutation } from '../../api/mutation';
import { formatDateTime } from '../../i18n/format';
import { useAuthedImage } from '../people/api';
import { chatKeys, threadMessages, useConversation, useThread } from './api';
import { ConversationHeader } from './ConversationHeader';
import { useVoiceRecorder } from './useVoiceRecorder';

function Attachment({ message }: { message: ChatMessageDto }) {
  const { url, error } = useAuthedImage(message.attachment);
  if (error) return <Typography variant="caption">{CHAT_MSG.attachmentKind}</Typography>;
  if (!url) return <CircularProgress size={16} />;
  if (message.attachment_kind === 'image')
    return (
      <Box component="img" src={url} alt={CHAT_MSG.image} sx={{ maxWidth: 240, maxHeight: 240, borderRadius: 1 }} />
    );
  // biome-ignore lint/a11y/useMediaCaption: voice notes have no captions
  return <audio controls src={url} aria-label={CHAT_MSG.voiceNote} />;
}

function Bubble({ message, seenBy }: { message: ChatMessageDto; seenBy: string[] }) {
  const mine = message.sender_kind === 'user';
  const system = message.sender_kind === 'system';
  const author = system
    ? CHAT_MSG.system
    : (message.sender_name ?? (message.sender_kind === 'user' ? CHAT_MSG.you : CHAT_MSG[message.sender_kind]));
  return (
    <Box
      component="li"
      data-testid="chat-message"
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', listStyle: 'none' }}
    >
      <Paper
        variant="outlined"
        sx={{
          px: 1.5,
          py: 1,
          maxWidth: '75%',
          bgcolor: system ? 'action.hover' : mine ? 'primary.main' : 'background.paper',
          color: mine && !system ? 'primary.contrastText' : 'text.primary',
        }}
      >
        <Typography variant="caption" component="p" sx={{ fontWeight: 600 }}>
          {author}
        </Typography>
        {message.body && (
          <Typography variant="body2" dir="auto" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.body}
          </Typography>
        )}
        {message.attachment && <Attachment message={message} />}
        <Typography variant="caption" component="p" sx={{ opacity: 0.85, textAlign: 'end' }}>
          {formatDateTime(message.created_at)}
          {seenBy.length > 0 && ` · ${CHAT_MSG.seenBy(seenBy.join(', '))}`}
        </Typography>
      </Paper>
    </Box>
  );
}

/** Who has read up to each message: a receipt shows under the last message its reader has read. */
function receiptsByMessage(messages: readonly ChatMessageDto[], reads: readonly ReadReceiptDto[]) {
  const out = new Map<number, string[]>();
  for (const read of reads) {
    if (read.reader_kind === 'user') continue;
    const last = [...messages].reverse().find((m) => m.id <= read.last_read_message_id && m.sender_kind === 'user');
    if (!last) continue;
    out.set(last.id, [...(out.get(last.id) ?? []), read.name ?? CHAT_MSG[read.reader_kind]]);
  }
  return out;
}

/** One conversation: its messages (older ones on demand), receipts, and the composer. Reading marks it read. */
export function ChatThread({
  conversationId,
  composerRef,
}: {
  conversationId: number;
  /** The composer's text area (the messages page's Alt+Shift+M puts the focus there). */
  composerRef?: Ref<HTMLTextAreaElement>;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const conversation = useConversation(conversationId);
  const thread = useThread(conversationId);
  const messages = useMemo(() => threadMessages(thread.data?.pages), [thread.data]);
  const receipts = receiptsByMessage(messages, conversation.data?.reads ?? []);
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const recorder = useVoiceRecorder((recorded) => setFile(recorded));
  const newest = messages.at(-1)?.id;

  useEffect(() => {
    if (newest === undefined) return;
    end.current?.scrollIntoView?.({ block: 'end' });
    apiData(endpoints.readConversation, { params: { id: conversationId }, body: { message_id: newest } }).then(
      () => {
        void client.invalidateQueries({ queryKey: chatKeys.unread });
        void client.invalidateQueries({ queryKey: ['messages', 'inbox'] });
      },
      () => {},
    );
  }, [newest, conversationId, client]);

  const send = useApiMutation({
    mutationFn: async () => {
      let payload: { body: string } | FormData = { body };
      if (file) {
        payload = new FormData();
        payload.set('body', body);
        payload.set('file', file);
      }
      return api(endpoints.sendMessage, { params: { id: conversationId }, body: payload });
    },
    onSuccess: () => {
      setBody('');
      setFile(null);
      void client.invalidateQueries({ queryKey: chatKeys.thread(conversationId) });
      void client.invalidateQueries({ queryKey: ['messages', 'inbox'] });
    },
  });
  const canSend = (body.trim().length > 0 || file !== null) && body.length <= MESSAGE_MAX_CHARS && !send.isPending;

  return (
    <Stack sx={{ height: '100%', minHeight: 0 }} data-testid="chat-thread">
      {conversation.data && <ConversationHeader conversation={conversation.data} />}
      <Box sx={{ flex: 1, overflowY: 'auto', p: 2, minHeight: 0 }}>
        {thread.hasNextPage && (
          <Box sx={{ textAlign: 'center', mb: 1 }}>
            <Button size="small" onClick={() => thread.fetchNextPage()} disabled={thread.isFetchingNextPage}>
              {CHAT_MSG.loadOlder}
            </Button>
          </Box>
        )}
        {thread.isPending ? (
          <CircularProgress size={24} />
        ) : messages.length === 0 ? (
          <Typography color="textSecondary">{CHAT_MSG.noMessages}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ m: 0, p: 0 }}>
            {messages.map((m) => (
              <Bubble key={m.id} message={m} seenBy={receipts.get(m.id) ?? []} />
            ))}
          </Stack>
        )}
        <div ref={end} />
      </Box>
      {file && (
        <Alert severity="info" onClose={() => setFile(null)} sx={{ mx: 2 }}>
          {file.type.startsWith('audio') ? CHAT_MSG.voiceNote : file.name}
        </Alert>
      )}
      <Stack
        component="form"
        direction="row"
        spacing={1}
        sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', alignItems: 'flex-end' }}
        onSubmit={(event) => {
          event.preventDefault();
          if (canSend) send.mutate();
        }}
      >
        <input
          ref={fileInput}
          type="file"
          hidden
          accept="image/png,image/jpeg,image/webp,audio/*"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <Tooltip title={CHAT_MSG.attach}>
          <IconButton aria-label={CHAT_MSG.attach} onClick={() => fileInput.current?.click()}>
            <AttachFileIcon />
          </IconButton>
        </Tooltip>
        {recorder.supported && (
          <Tooltip title={recorder.recording ? CHAT_MSG.stopRecording : CHAT_MSG.recordVoice}>
            <IconButton
              aria-label={recorder.recording ? CHAT_MSG.stopRecording : CHAT_MSG.recordVoice}
              color={recorder.recording ? 'error' : 'default'}
              onClick={() => (recorder.recording ? recorder.stop() : recorder.start())}
            >
              {recorder.recording ? <StopIcon /> : <MicIcon />}
            </IconButton>
          </Tooltip>
        )}
        <TextField
          value={body}
          onChange={(event) => setBody(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              if (canSend) send.mutate();
            }
          }}
          inputRef={composerRef}
          placeholder={CHAT_MSG.typeMessage}
          slotProps={{ htmlInput: { 'aria-label': CHAT_MSG.typeMessage, 'data-testid': 'chat-input' } }}
          error={body.length > MESSAGE_MAX_CHARS}
          helperText={body.length > MESSAGE_MAX_CHARS ? CHAT_MSG.messageTooLong(MESSAGE_MAX_CHARS) : undefined}
          multiline
          maxRows={4}
          size="small"
          fullWidth
        />
        <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={!canSend}>
          {t('Send')}
        </Button>
      </Stack>
      {recorder.error && (
        <Alert severity="warning" sx={{ m: 1 }}>
          {recorder.error}
        </Alert>
      )}
    </Stack>
  );
}
