import { describe, expect, it } from 'vitest';
import {
  activeFlagOf,
  bulkActionsOf,
  bulkRequestSchema,
  colorsResource,
  exportIdsQuery,
  paymentRidesResource,
  staffResource,
  stationsResource,
} from '../src';
import { announcementsResource } from '../src/resources/catalogues/announcements.resource';

describe('the bulk actions a catalogue offers', () => {
  it('activates and deactivates only where an editable boolean `active` field is declared', () => {
    expect(activeFlagOf(stationsResource)?.name).toBe('active');
    expect(activeFlagOf(staffResource)?.name).toBe('active');
    expect(bulkActionsOf(stationsResource)).toEqual(['delete', 'activate', 'deactivate']);
    expect(bulkActionsOf(colorsResource)).toEqual(['delete']);
    // Published is not an on/off switch of the row: an announcement's own field.
    expect(activeFlagOf(announcementsResource)).toBeUndefined();
    expect(
      activeFlagOf({ fields: [{ name: 'active', label: 'Active', type: 'boolean', form: 'none' }] }),
    ).toBeUndefined();
    expect(bulkActionsOf(paymentRidesResource)).toEqual([]);
  });

  it('takes 1 to 100 whole ids, a repeated one once', () => {
    expect(bulkRequestSchema.parse({ action: 'delete', ids: [3, 3, 5] }).ids).toEqual([3, 5]);
    for (const ids of [[], Array.from({ length: 101 }, (_, i) => i + 1), ['3'], [1.5], [0]])
      expect(bulkRequestSchema.safeParse({ action: 'delete', ids }).success).toBe(false);
  });

  it("reads an export's selection as comma-separated ids", () => {
    expect(exportIdsQuery.parse('8,3,8')).toEqual([8, 3]);
    for (const bad of ['', 'a', '1,,2', '-1', '0', '99999999999'])
      expect(exportIdsQuery.safeParse(bad).success, bad).toBe(false);
  });
});
