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
  comment: rule('complaints.comment', (a) => holds(a, 'COMPLAINTS')),
  setStatus: rule('complaints.setStatus', (a) => holds(a, 'COMPLAINTS')),
  /** The Goverment-only statuses (Not Treated, Partially Treated, Treated). */
  governmentStatus: rule('complaints.governmentStatus', (a) => holds(a, 'COMPLAINTS') && isGovernment(a)),
} as const;
