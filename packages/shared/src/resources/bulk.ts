import { z } from 'zod';
import { envelope } from '../contract/envelope';
import { captainActivationSchema } from '../people';
import { DB_ID_MAX } from '../validation';
import { type FieldDef, inEdit, type ResourceDef } from './define';
import { RESOURCE_MSG } from './messages';

/** What the generic table does to its selected rows at once (people.md §2 "row selection with bulk actions"). */
export const BULK_ACTIONS = ['delete', 'activate', 'deactivate'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Rows one bulk call takes; the table sends a larger selection in batches of this size. */
export const BULK_MAX_IDS = 100;
/** Ids one "export the selection" CSV takes (they travel in the query string). */
export const EXPORT_MAX_IDS = 1000;

/**
 * The flag Activate and Deactivate set: a boolean `active` field the edit form changes. A catalogue without
 * one offers neither (its bulk route answers 422 to them).
 */
export function activeFlagOf(def: Pick<ResourceDef, 'fields'>): FieldDef | undefined {
  return def.fields.find((f) => f.name === 'active' && f.type === 'boolean' && inEdit(f));
}

/** The bulk actions of a catalogue for someone who may write it (none for a read-only list). */
export function bulkActionsOf(def: Pick<ResourceDef, 'fields' | 'readOnly'>): BulkAction[] {
  if (def.readOnly) return [];
  return activeFlagOf(def) ? ['delete', 'activate', 'deactivate'] : ['delete'];
}

const rowId = z
  .number({ error: RESOURCE_MSG.invalidBulkId })
  .int(RESOURCE_MSG.invalidBulkId)
  .positive(RESOURCE_MSG.invalidBulkId)
  .max(DB_ID_MAX, RESOURCE_MSG.invalidBulkId);

/** The rows of a bulk call: 1 to BULK_MAX_IDS ids, a repeated id counted once. */
export const bulkIdsSchema = z
  .array(rowId, { error: RESOURCE_MSG.bulkIdsRequired })
  .min(1, RESOURCE_MSG.bulkIdsRequired)
  .max(BULK_MAX_IDS, RESOURCE_MSG.bulkTooMany(BULK_MAX_IDS))
  .transform((ids) => [...new Set(ids)]);

/** `POST {url}/bulk`: one action on the selected rows of a catalogue. */
export const bulkRequestSchema = z.object({
  action: z.enum(BULK_ACTIONS, { error: RESOURCE_MSG.invalidBulkAction }),
  ids: bulkIdsSchema,
});

/**
 * `POST captain/bulk`: the drivers' single action that a selection can take, activation (or, for an active
 * driver, a change of cash register), with the one cash register it needs.
 */
export const captainBulkSchema = z.object({
  action: z.literal('activate', { error: RESOURCE_MSG.invalidBulkAction }),
  ids: bulkIdsSchema,
  cash_register_id: captainActivationSchema.shape.cash_register_id,
});
export type CaptainBulkRequest = z.input<typeof captainBulkSchema>;
export type BulkRequest = z.input<typeof bulkRequestSchema>;

/** What happened to one row: done, or refused with the message its single action would have answered. */
export const bulkRowResultSchema = z
  .object({ id: z.number().int(), status: z.enum(['done', 'refused']), message: z.string().optional() })
  .meta({ id: 'BulkRowResult' });
export type BulkRowResult = z.infer<typeof bulkRowResultSchema>;

/** The answer of a bulk call: one result per id, in the order asked, and the counts. */
export const bulkResultSchema = z
  .object({ results: z.array(bulkRowResultSchema), done: z.number().int(), refused: z.number().int() })
  .meta({ id: 'BulkResult' });
export type BulkResult = z.infer<typeof bulkResultSchema>;
export const bulkResponse = envelope(bulkResultSchema);

/**
 * The `ids` filter of a list's CSV export (the selection): "3,5,8", 1 to EXPORT_MAX_IDS positive ids.
 * Absent: the whole filter.
 */
export const exportIdsQuery = z
  .string()
  .transform((text, ctx) => {
    const ids = text.split(',').map((part) => part.trim());
    if (ids.some((id) => !/^\d{1,10}$/.test(id) || Number(id) < 1 || Number(id) > DB_ID_MAX)) {
      ctx.addIssue({ code: 'custom', message: RESOURCE_MSG.invalidBulkId });
      return z.NEVER;
    }
    return [...new Set(ids.map(Number))];
  })
  .pipe(
    z
      .array(z.number())
      .min(1, RESOURCE_MSG.bulkIdsRequired)
      .max(EXPORT_MAX_IDS, RESOURCE_MSG.bulkTooMany(EXPORT_MAX_IDS)),
  );

/** The selection as the export's `ids` query value. */
export const exportIdsValue = (ids: readonly number[]): string => ids.join(',');
