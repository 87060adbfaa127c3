import type { FollowUpTicketSettings } from '@taxi/shared';
import type { PickerOption } from '../../components/pickers';

/** What the operator typed so far (this browser only); the server keeps where they stopped (FOLLOW_UP_TICKET). */
export interface FollowUpDraft {
  subjectType: 'passenger' | 'captain' | '';
  person: PickerOption | null;
  description: string;
  assign: boolean;
  user: PickerOption | null;
}

export const EMPTY_DRAFT: FollowUpDraft = { subjectType: '', person: null, description: '', assign: false, user: null };

const key = (userId: number) => `taxi.followUpTicket.${userId}`;

export function loadDraft(userId: number): FollowUpDraft {
  try {
    const raw = localStorage.getItem(key(userId));
    return raw ? { ...EMPTY_DRAFT, ...(JSON.parse(raw) as Partial<FollowUpDraft>) } : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

export function saveDraft(userId: number, draft: FollowUpDraft | null): void {
  try {
    if (draft) localStorage.setItem(key(userId), JSON.stringify(draft));
    else localStorage.removeItem(key(userId));
  } catch {
    // Storage full or refused: the form still works, it only does not resume the text.
  }
}

/** The place saved last in this session (check_auth's copy is as old as the page). */
let lastPlace: FollowUpTicketSettings | null = null;
export const rememberPlace = (place: FollowUpTicketSettings) => {
  lastPlace = place;
};
export const latestPlace = (fromSession: FollowUpTicketSettings): FollowUpTicketSettings => lastPlace ?? fromSession;
