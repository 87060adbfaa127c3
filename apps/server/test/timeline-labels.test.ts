import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { actionLabel, CAPTAIN_TRANSITIONS, entityLabel, entityRef, labelledAction, labelledEntity } from '@taxi/shared';
import { describe, expect, it } from 'vitest';

/** Every server source file: the audit rows' codes are written there. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return file.endsWith('.ts') ? [readFileSync(file, 'utf8')] : [];
  });
}
const code = sources(path.resolve(__dirname, '../src')).join('\n');
const found = (pattern: RegExp) => [...new Set([...code.matchAll(pattern)].map((m) => m[1]))];

describe('the timeline says what happened in words of the catalogue, never a raw code', () => {
  it('every action code the server writes to the audit has a label', () => {
    const actions = [
      // audit(tx, actor, 'code', …) and this.audit(tx, actor, 'code', …)
      ...found(/audit\([\w.]+, [^,()]+, '([a-z_.]+)'/g),
      // insert(auditLog).values({ …, action: 'code' })
      ...found(/action: '([a-z_.]+)'/g),
      // the reminders' codes, chosen in a const
      ...found(/'([a-z]+_reminder)'/g),
      // the captain's steps (captain_<status>) and the geofence (geofence_<kind>)
      ...Object.values(CAPTAIN_TRANSITIONS).map((to) => `captain_${String(to).toLowerCase()}`),
      'geofence_enter',
      'geofence_leave',
    ];
    expect(actions.length).toBeGreaterThan(40);
    const unlabelled = actions.filter((a) => labelledAction(a) === undefined);
    expect(unlabelled).toEqual([]);
  });

  it('a catalogue write reads as its verb; a captain step names the status in words', () => {
    expect(actionLabel('hotels.update')).toBe('changed');
    expect(actionLabel('scheduled_message.delete')).toBe('deleted');
    expect(actionLabel('captain_arrived')).toMatch(/^captain: /);
    expect(actionLabel('captain_arrived')).not.toContain('ARRIVED');
    // An unknown code still reads as words rather than as nothing.
    expect(actionLabel('some_new_code')).toBe('some new code');
  });

  it('every entity the audit names has a label: its own, or its catalogue title', () => {
    const entities = [...found(/entity: '([a-z_]+)'/g), 'hotels', 'restricted_areas', 'users'];
    expect(entities.length).toBeGreaterThan(15);
    const unlabelled = entities.filter((e) => labelledEntity(e) === undefined);
    expect(unlabelled).toEqual([]);
    expect(entityLabel('hotels')).toBe('Hotels');
  });

  it('a setting is named by its label, not by its key; other things by their id', () => {
    expect(entityRef('setting', 'OFFER_TIMEOUT_SECONDS')).toBe('Setting: Offer timeout (seconds)');
    expect(entityRef('setting', 'OFFER_TIMEOUT_SECONDS')).not.toMatch(/\w_\w/);
    expect(entityRef('hotels', '7')).toBe('Hotels #7');
  });
});
