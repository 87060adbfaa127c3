import { Alert, CircularProgress, Paper } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@taxi/shared';
import { useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import { apiData } from '../../api/endpoints';
import { chatKeys } from './api';
import { ChatThread } from './ChatThread';

/** /booking-chat/{id}: the booking's chat (bookings.md §4), made on first opening. */
export default function BookingChatPage() {
  const bookingId = Number(useParams().id);
  const chat = useQuery({
    queryKey: chatKeys.bookingChat(bookingId),
    queryFn: ({ signal }) => apiData(endpoints.bookingChat, { params: { id: bookingId }, signal }),
    enabled: Number.isInteger(bookingId) && bookingId > 0,
    retry: false,
  });
  if (chat.isError) return <Alert severity="warning">{errorMessage(chat.error)}</Alert>;
  if (!chat.data) return <CircularProgress size={24} />;
  return (
    <Paper variant="outlined" sx={{ height: 'calc(100vh - 220px)', minHeight: 420, overflow: 'hidden' }}>
      <ChatThread conversationId={chat.data.id} />
    </Paper>
  );
}
