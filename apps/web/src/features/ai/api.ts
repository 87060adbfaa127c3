import { api, apiData, endpoints } from '../../api/endpoints';

/** AI calls of bookings.md §7; each resolves with the server's message for the toast. */
export const aiApi = {
  openSuggestions: () => apiData(endpoints.aiSuggestions),
  letAiDispatch: (bookingId: number) => api(endpoints.letAiDispatch, { params: { id: bookingId } }),
  snooze: (bookingId: number) => api(endpoints.snoozeAi, { params: { id: bookingId } }),
  confirm: (bookingId: number) => api(endpoints.confirmSuggestion, { params: { id: bookingId } }),
  refuse: (bookingId: number) => api(endpoints.refuseSuggestion, { params: { id: bookingId } }),
};
