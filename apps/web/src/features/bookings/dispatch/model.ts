import {
  type BookingCandidateDto,
  type CandidateScore,
  EXCLUSION_REASONS,
  type ExclusionReason,
  type ScoreParts,
} from '@taxi/shared';

/** What the dispatch dialog lists: the ranked candidates, then the other captains, and the keyboard's order. */
export interface PickerRows {
  ranked: CandidateScore[];
  /** Captains of GET booking/{id}/candidates that the ranking does not hold. */
  others: BookingCandidateDto[];
  /** Captain ids in the order the arrows walk them: the ranked first, then the others (none still on a trip). */
  order: number[];
  /** The best ranked captain free now: the suggestion, and the one "1" dispatches. */
  first: number | null;
}

/** A ranked captain still on a trip (soon to clear): shown, offered the order once free, not dispatchable yet. */
export const onTrip = (c: CandidateScore) => c.clears_in_s !== null;

/** The two lists, filtered by name or car number (case-insensitive). */
export function pickerRows(
  ranked: readonly CandidateScore[] | undefined,
  candidates: readonly BookingCandidateDto[] | undefined,
  filter: string,
): PickerRows {
  const needle = filter.trim().toLowerCase();
  const hit = (name: string, car: string | null | undefined) =>
    !needle || `${name} ${car ?? ''}`.toLowerCase().includes(needle);
  const rankedIds = new Set((ranked ?? []).map((c) => c.captain_id));
  const shownRanked = (ranked ?? []).filter((c) => hit(c.name, c.car_number));
  const others = (candidates ?? []).filter(
    (c) => !rankedIds.has(c.captain.id) && hit(c.captain.full_name, c.car?.number),
  );
  const free = shownRanked.filter((c) => !onTrip(c));
  return {
    ranked: shownRanked,
    others,
    order: [...free.map((c) => c.captain_id), ...others.map((c) => c.captain.id)],
    first: free[0]?.captain_id ?? null,
  };
}

/** The reasons that left captains out, most frequent first (ties in the reasons' own order). */
export function exclusionCounts(excluded: Partial<Record<ExclusionReason, number>>): [ExclusionReason, number][] {
  return EXCLUSION_REASONS.map((reason): [ExclusionReason, number] => [reason, excluded[reason] ?? 0])
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1]);
}

/** The score parts in the order the dialog shows them, with the text key of each. */
export const PART_KEYS = [
  ['eta', 'eta'],
  ['fairness', 'idle_bonus'],
  ['serviceFit', 'constraint_penalty'],
  ['positionAge', 'stale_penalty'],
] as const satisfies readonly (readonly [string, keyof ScoreParts])[];

/** The selection after one step up or down: it stops at either end (no wrap: Enter must not surprise). */
export function moveSelection(order: readonly number[], selected: number | null, delta: 1 | -1): number | null {
  if (order.length === 0) return null;
  const at = selected === null ? -1 : order.indexOf(selected);
  if (at < 0) return order[0];
  return order[Math.min(order.length - 1, Math.max(0, at + delta))];
}

/** The key that dispatches the first ranked candidate (the Arabic layouts' digit one too). */
export const DISPATCH_FIRST_KEYS = ['1', '\u0661'] as const;

export type PickerKeyAction =
  | 'next'
  | 'prev'
  | 'first'
  | 'last'
  | 'dispatchSelected'
  | 'dispatchFirst'
  /** A key meant for the filter, pressed while the focus was on the list. */
  | 'toFilter';

export interface PickerKeyEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
}

/**
 * What a key does in the dialog. In the filter field the arrows and Enter drive the list and every other key
 * types; on the list "1" dispatches the first ranked candidate and a printable key goes to the filter.
 */
export function pickerKeyAction(event: PickerKeyEvent, inTextField: boolean): PickerKeyAction | null {
  if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === 'ArrowDown') return 'next';
  if (event.key === 'ArrowUp') return 'prev';
  if (event.key === 'Enter') return 'dispatchSelected';
  if (inTextField) return null;
  if (event.key === 'Home') return 'first';
  if (event.key === 'End') return 'last';
  if ((DISPATCH_FIRST_KEYS as readonly string[]).includes(event.key)) return 'dispatchFirst';
  if (event.key === 'Backspace' || (event.key.length === 1 && event.key !== ' ')) return 'toFilter';
  return null;
}
