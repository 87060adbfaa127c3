import { chatPolicy } from './chat';
import { complaintPolicy } from './complaints';
import { holds, rule } from './core';

/** What a stored file belongs to: the server finds the row that references the name, then asks its rule. */
export type FileOwner =
  | { kind: 'passengerDocument'; passengerId: number }
  | { kind: 'captainDocument'; captainId: number }
  | { kind: 'complaintAudio'; complaintId: number }
  | { kind: 'complaintCommentAudio'; complaintId: number; commentId: number }
  | { kind: 'messageAttachment'; conversationId: number };

/** A passenger's ID card (front or back): passenger documents are read with PASSENGERS. */
const readPassengerDocument = rule<{ passengerId: number }>('files.readPassengerDocument', (a) =>
  holds(a, 'PASSENGERS'),
);
/** A captain's document: captain documents are read with CAPTAINS. */
const readCaptainDocument = rule<{ captainId: number }>('files.readCaptainDocument', (a) => holds(a, 'CAPTAINS'));
/** A recording attached to a complaint: whoever reads the complaint (complaintPolicy.read). */
const readComplaintAudio = rule<{ complaintId: number }>('files.readComplaintAudio', (a) =>
  complaintPolicy.read.allows(a),
);

/** A voice note of a comment on a complaint: whoever reads the comments (complaintPolicy.comment). */
const readComplaintCommentAudio = rule<{ complaintId: number; commentId: number }>(
  'files.readComplaintCommentAudio',
  (a) => complaintPolicy.comment.allows(a),
);

/** An image or a voice note of a conversation: whoever reads the inbox. */
const readMessageAttachment = rule<{ conversationId: number }>('files.readMessageAttachment', (a) =>
  chatPolicy.inbox.allows(a),
);

/**
 * Uploaded files (GET /api/files/{name}). A file is served only through the rule of what it belongs
 * to: ID cards to those who read that person's documents, complaint audio to the complaint's readers,
 * comment voice notes to the comments' readers.
 * A name that nothing references is not served at all.
 */
export const filesPolicy = {
  /** The route's own rule: any signed-in user may ask; the owner's rule (`read`) decides. */
  open: rule('files.open', () => true),
  readPassengerDocument,
  readCaptainDocument,
  readComplaintAudio,
  readComplaintCommentAudio,
  readMessageAttachment,
  /** May this actor read the file of this owner? Asks the owner's rule above. */
  read: rule<FileOwner>('files.read', (a, owner) => {
    switch (owner.kind) {
      case 'passengerDocument':
        return readPassengerDocument.allows(a, owner);
      case 'captainDocument':
        return readCaptainDocument.allows(a, owner);
      case 'complaintAudio':
        return readComplaintAudio.allows(a, owner);
      case 'complaintCommentAudio':
        return readComplaintCommentAudio.allows(a, owner);
      case 'messageAttachment':
        return readMessageAttachment.allows(a, owner);
    }
  }),
} as const;
