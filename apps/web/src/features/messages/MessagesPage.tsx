import {
  Badge,
  Box,
  CircularProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  CHAT_MSG,
  CONVERSATION_KINDS,
  type ConversationDto,
  type ConversationKind,
  messagePreview,
  truncate,
} from '@taxi/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatRelative } from '../../i18n/format';
import { useShortcut } from '../keyboard/shortcuts';
import { useInbox } from './api';
import { ChatThread } from './ChatThread';

const KIND_LABEL: Record<ConversationKind, () => string> = {
  captain: () => CHAT_MSG.captain,
  passenger: () => CHAT_MSG.passenger,
  booking: () => CHAT_MSG.booking,
};

export function conversationTitle(c: Pick<ConversationDto, 'kind' | 'title' | 'booking_id'>): string {
  return c.kind === 'booking' ? CHAT_MSG.bookingChatTitle(c.booking_id ?? 0) : c.title;
}

/** /messages: the shared inbox (newest first, unread counts) and the open conversation (query `conversation`). */
export default function MessagesPage() {
  useTranslation();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('conversation')) || null;
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<ConversationKind | ''>('');
  const inbox = useInbox({ perPage: 50, search: search.trim() || undefined, kind: kind || undefined });
  const rows = inbox.data?.data ?? [];
  const searchField = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);

  // Alt+Shift+C: the open conversation's row (else the first; the search field while the list is empty).
  const focusList = () => {
    const row =
      list.current?.querySelector<HTMLElement>('[aria-current="true"]') ??
      list.current?.querySelector<HTMLElement>('[data-testid="conversation-row"]');
    (row ?? searchField.current)?.focus();
  };
  useShortcut('messages.list', focusList);
  // Alt+Shift+M: the open conversation's composer; with none open, the list to pick one from.
  useShortcut('messages.composer', () => (composer.current ? composer.current.focus() : focusList()));

  return (
    <Paper
      variant="outlined"
      sx={{ display: 'flex', height: 'calc(100vh - 220px)', minHeight: 420, overflow: 'hidden' }}
    >
      <Stack sx={{ width: 340, borderInlineEnd: 1, borderColor: 'divider', minHeight: 0 }}>
        <Stack direction="row" spacing={1} sx={{ p: 1.5 }}>
          <TextField
            size="small"
            label={CHAT_MSG.searchConversations}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            inputRef={searchField}
            fullWidth
          />
          <TextField
            select
            size="small"
            label={CHAT_MSG.allKinds}
            value={kind}
            onChange={(event) => setKind(event.target.value as ConversationKind | '')}
            sx={{ minWidth: 110 }}
          >
            <MenuItem value="">{CHAT_MSG.allKinds}</MenuItem>
            {CONVERSATION_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {KIND_LABEL[k]()}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <Box sx={{ flex: 1, overflowY: 'auto' }}>
          {inbox.isPending ? (
            <CircularProgress size={24} sx={{ m: 2 }} />
          ) : rows.length === 0 ? (
            <Typography color="textSecondary" sx={{ p: 2 }}>
              {CHAT_MSG.noConversations}
            </Typography>
          ) : (
            <List ref={list} dense disablePadding aria-label={CHAT_MSG.messagesTitle} data-testid="conversation-list">
              {rows.map((c) => (
                <ListItem key={c.id} disablePadding divider>
                  <ListItemButton
                    selected={c.id === selected}
                    aria-current={c.id === selected ? 'true' : undefined}
                    onClick={() => setParams({ conversation: String(c.id) })}
                    data-testid="conversation-row"
                  >
                    <ListItemText
                      primary={
                        <Stack
                          direction="row"
                          spacing={1}
                          sx={{ alignItems: 'center', justifyContent: 'space-between' }}
                        >
                          <Typography variant="body2" noWrap sx={{ fontWeight: c.unread ? 700 : 400 }}>
                            {conversationTitle(c)}
                          </Typography>
                          <Badge color="error" badgeContent={c.unread} max={99} sx={{ mx: 1.5 }} />
                        </Stack>
                      }
                      secondary={
                        <>
                          {KIND_LABEL[c.kind]()} ·{' '}
                          <bdi>{c.last_message ? truncate(messagePreview(c.last_message), 40) : ''}</bdi>
                          {c.last_message_at && ` · ${formatRelative(c.last_message_at)}`}
                        </>
                      }
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      </Stack>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {selected ? (
          <ChatThread key={selected} conversationId={selected} composerRef={composer} />
        ) : (
          <Typography color="textSecondary" sx={{ p: 3 }}>
            {CHAT_MSG.pickConversation}
          </Typography>
        )}
      </Box>
    </Paper>
  );
}
