import { z } from 'zod';
import { APPEARANCE_CONSTRAINTS, type BookingConstraint, DEFAULT_APPEARANCE_CONSTRAINT } from './bookings';
import type { ConstraintMode } from './dispatch';
import { texts, tr } from './i18n';
import { MSG } from './messages';
import { dbId } from './validation';

/**
 * The phone booking's captain constraints: one captain and an appearance constraint each (people.md "Shared
 * pickers", bookings.md §9): BLACKLIST, never this captain; WHITELIST, only this captain (several WHITELIST
 * captains: one of them). Stored as dynamic constraints in the constraint language of dispatch.ts
 * (`captain:<captain id>:<MODE>`, parseConstraint), which the AI's candidate search honours.
 */

/** Captain constraints one order takes at most. */
export const CAPTAIN_CONSTRAINTS_MAX = 5;

export const CAPTAIN_CONSTRAINT_MSG = texts({
  unknownCaptain: 'This captain does not exist',
  listedTwice: 'This captain is already listed',
});

export const CAPTAIN_CONSTRAINT_UI = texts({
  title: 'Captain constraints',
  add: 'Add the captain constraint',
  remove: (name: string) => tr('Remove the constraint on {{name}}', { name }),
  meanings: { BLACKLIST: 'Never this captain', WHITELIST: 'Only this captain' },
});

/** The appearance constraint's values as the pickers show them. */
export const APPEARANCE_CONSTRAINT_LABELS = texts({ BLACKLIST: 'BLACKLIST', WHITELIST: 'WHITELIST' });

/** The constraint a booking stores for a captain: `captain:<id>:<MODE>`, the mode as its abbreviation too. */
export function captainConstraint(captainId: number, mode: ConstraintMode): BookingConstraint {
  return { constraint_name: `captain:${captainId}:${mode}`, Abbreviation: mode };
}

/** POST bookings' `captain_constraints`: each captain once. */
export const captainConstraintsSchema = z
  .array(
    z.object({
      captain_id: dbId(MSG.required),
      mode: z.enum(APPEARANCE_CONSTRAINTS).default(DEFAULT_APPEARANCE_CONSTRAINT),
    }),
  )
  .max(CAPTAIN_CONSTRAINTS_MAX)
  .superRefine((list, ctx) => {
    const seen = new Set<number>();
    list.forEach((c, i) => {
      if (seen.has(c.captain_id))
        ctx.addIssue({ code: 'custom', path: [i, 'captain_id'], message: CAPTAIN_CONSTRAINT_MSG.listedTwice });
      seen.add(c.captain_id);
    });
  });
export type CaptainConstraintInput = z.input<typeof captainConstraintsSchema>[number];
