import type { ComplaintStatus } from '../../complaints';
import { complaintsContract } from '../complaints';
import { endpoint } from '../endpoint';
import type { Filters } from './query';

/** The complaint log (/complaints), a complaint's dialog, its comments and the complaints without booking. */
export const complaintEndpoints = {
  complaintLog: endpoint<Filters>()('GET', 'complaints', complaintsContract.log),
  complaintDetail: endpoint()('GET', 'complaint/:id', complaintsContract.detail),
  captainComplaintsNoBooking: endpoint()('GET', 'complaint/captain/:id', complaintsContract.list),
  /** Multipart: `description`, `wav_files[i]`. */
  createCaptainComplaint: endpoint<undefined, FormData>()(
    'POST',
    'complaint/captain/:id/create',
    complaintsContract.complaint,
  ),
  /** Multipart: `description`, `wav_files[i]`. */
  createPassengerComplaint: endpoint<undefined, FormData>()(
    'POST',
    'complaint/passenger/:id/create',
    complaintsContract.complaint,
  ),
  complaintAudios: endpoint()('GET', 'complaint/:id/audio', complaintsContract.audios),
  updateComplaintStatus: endpoint<undefined, { status: ComplaintStatus }>()(
    'PUT',
    'complaint/:id/update_status',
    complaintsContract.complaint,
  ),
  complaintComments: endpoint()('GET', 'complaint_comments/:id/get_comments', complaintsContract.comments),
  /** Multipart: `comment`, `wav_files[i]`. */
  addComplaintComment: endpoint<undefined, FormData>()(
    'POST',
    'complaint_comments/:complaintId/add_comment',
    complaintsContract.comment,
  ),
  commentAudio: endpoint()('GET', 'complaint_comments/:commentId/audio/:fileName', complaintsContract.audio),
};
