import { aiContract } from '../ai';
import { complaintsContract } from '../complaints';
import { endpoint } from '../endpoint';
import { trackingContract } from '../tracking';

/** The ride page (route, captain, complaints), the tracking map and the AI's popups. */
export const rideEndpoints = {
  rideRoute: endpoint()('GET', 'ride/:rideId/route', trackingContract.rideRoute),
  captainLocation: endpoint()('GET', 'captain/:id/location', trackingContract.captainLocation),
  trackedCaptains: endpoint()('GET', 'tracking/captains', trackingContract.captains),
  complaintCategories: endpoint()('GET', 'complaint-category', complaintsContract.categories),
  bookingComplaints: endpoint()('GET', 'complaint/booking/:id', complaintsContract.forBooking),
  saveComplaintCategory: endpoint<undefined, { booking_id: number; category_id?: number | null }>()(
    'POST',
    'complaint/category',
    complaintsContract.category,
  ),
  /** Multipart: `description`, `booking_id`, `wav_files[i]`. */
  createComplaint: endpoint<undefined, FormData>()(
    'POST',
    'complaint/booking/:id/create',
    complaintsContract.complaint,
  ),
  complaintAudio: endpoint()('GET', 'complaint/:id/audio/:fileName', complaintsContract.audio),
  // the AI's popups
  aiSuggestions: endpoint()('GET', 'ai/suggestions', aiContract.popups),
  letAiDispatch: endpoint()('POST', 'booking/:id/let_ai_dispatch_it', aiContract.booking),
  snoozeAi: endpoint()('POST', 'booking/:id/snooze', aiContract.snooze),
  confirmSuggestion: endpoint()('POST', 'booking/:id/confirm_suggestion', aiContract.booking),
  refuseSuggestion: endpoint()('POST', 'booking/:id/refuse_suggestion', aiContract.booking),
};
