import type { AiPopupPayload, BookingDto } from '@taxi/shared';
import { http } from '../../api/client';

/** AI calls of bookings.md §7; each resolves with the server's message for the toast. */
export const aiApi = {
  openSuggestions: () => http.get<AiPopupPayload[]>('ai/suggestions'),
  letAiDispatch: (bookingId: number) => http.post<BookingDto>(`booking/${bookingId}/let_ai_dispatch_it`),
  snooze: (bookingId: number) => http.post<unknown>(`booking/${bookingId}/snooze`),
  confirm: (bookingId: number) => http.post<BookingDto>(`booking/${bookingId}/confirm_suggestion`),
  refuse: (bookingId: number) => http.post<BookingDto>(`booking/${bookingId}/refuse_suggestion`),
};
