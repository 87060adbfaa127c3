import { COMPLAINT_MSG } from '../complaints';
import { holds, holdsAny, isGovernment, mayChange, rule } from './core';

/**
 * Complaints (people.md §2–§4, bookings.md §2). The Goverment role works complaints: it reads them,
 * filters them, comments and changes their status, but files none and changes nothing else.
 */
export const complaintPolicy = {
  /** The ride page (DISPATCHING) and the complaints pages (COMPLAINTS) read complaints and their audio. */
  read: rule('complaints.read', (a) => holdsAny(a, ['COMPLAINTS', 'DISPATCHING'])),
  file: rule(
    'complaints.file',
    (a) => mayChange(a, 'COMPLAINTS'),
    (a) => (isGovernment(a) ? COMPLAINT_MSG.governmentCannotFile : undefined),
  ),
  categorize: rule('complaints.categorize', (a) => mayChange(a, 'COMPLAINTS')),
  /** The complaint log (/complaints), a complaint's details and a captain's complaints without booking. */
  log: rule('complaints.log', (a) => holds(a, 'COMPLAINTS')),
  /** The complaint dialog's taller layout: the comments section and the status with its history (Goverment). */
  workDialog: rule('complaints.workDialog', (a) => holds(a, 'COMPLAINTS') && isGovernment(a)),
  /** Comments: read and written by COMPLAINTS holders; the console shows the section to the Goverment role. */
  comment: rule('complaints.comment', (a) => holds(a, 'COMPLAINTS')),
  /**
   * Decision: only the Goverment role sets a complaint's status. The spec gives the status to that role
   * ("chosen by the Goverment role", people.md §4; its Status dropdown replaces the file action, §2):
   * the desk files complaints, the Goverment role judges them. Other staff — Admin included — read the
   * status and its history but cannot change it (403), so one role owns the verdict.
   */
  setStatus: rule(
    'complaints.setStatus',
    (a) => holds(a, 'COMPLAINTS') && isGovernment(a),
    (a) => (isGovernment(a) ? undefined : COMPLAINT_MSG.onlyGovernmentSetsStatus),
  ),
} as const;
