import type { z } from 'zod';
import type {
  complaintCommentSchema,
  complaintDetailSchema,
  complaintLogItemSchema,
  complaintSchema,
} from './contract/complaints';
import type { refSchema } from './contract/envelope';
import { texts, tr } from './i18n';
/** Complaints (bookings.md §3, §5, §7; people.md). Statuses, limits and texts written once. */
export const COMPLAINT_STATUSES = ['Not Treated', 'Partially Treated', 'Treated'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
export const DEFAULT_COMPLAINT_STATUS: ComplaintStatus = 'Not Treated';

/** Complaint audio: wav only (checked by content), at most this many bytes each and this many files. */
export const COMPLAINT_AUDIO_MAX_BYTES = 10 * 1024 * 1024;
export const COMPLAINT_AUDIO_MAX_FILES = 5;
export const COMPLAINT_DESCRIPTION_MAX = 5000;
export const COMPLAINT_COMMENT_MAX = 5000;

/** Who a complaint is filed against: a booking (its captain follows), or a captain or passenger without one. */
export const COMPLAINT_SUBJECTS = ['booking', 'captain', 'passenger'] as const;
export type ComplaintSubject = (typeof COMPLAINT_SUBJECTS)[number];

export type ComplaintCategoryDto = z.infer<typeof refSchema>;

export type ComplaintDto = z.infer<typeof complaintSchema>;
export type ComplaintLogItemDto = z.infer<typeof complaintLogItemSchema>;
export type ComplaintDetailDto = z.infer<typeof complaintDetailSchema>;
export type ComplaintCommentDto = z.infer<typeof complaintCommentSchema>;

/** Texts of the complaint calls (ours where the spec leaves them open). */
export const COMPLAINT_MSG = texts({
  wavOnly: 'Only wav audio files are accepted.',
  audioTooLarge: (mb: number) => tr('An audio file may not be larger than {{mb}} MB.', { mb }),
  tooManyAudios: (n: number) => tr('At most {{n}} audio files.', { n }),
  descriptionTooLong: (n: number) => tr('The description may not be longer than {{n}} characters.', { n }),
  unknownCategory: 'Unknown complaint category',
  unknownBooking: 'Unknown booking',
  unknownCaptain: 'Unknown captain',
  unknownPassenger: 'Unknown passenger',
  commentTooLong: (n: number) => tr('A comment may not be longer than {{n}} characters.', { n }),
  bookingMismatch: 'The booking id does not match the address.',
  governmentCannotFile: 'The Goverment role cannot file complaints.',
  onlyGovernmentSetsStatus: 'Only the Goverment role changes the status of a complaint.',
  created: 'Complaint added!',
  addComplaint: 'Add complaint',
  complaints: 'Complaints',
  noComplaints: 'No complaints for this order',
  complaintCategory: 'Complaint category',
  description: 'Description',
  audioFiles: 'Audio files (wav)',
} as const);
