// The `numbers` target of broadcasts and scheduled messages: captains named by phone numbers listed one per line,
// read as the phone searches read a number (phone-search.ts in packages/shared).
import { BROADCAST_MSG, dateToCityLocal } from '@taxi/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { broadcasts, captainDeliveries, scheduledMessages } from '../src/db/schema';
import { ManualClock } from '../src/lib/clock';
import { makeCaptain } from './factories';
import { login, requestAs, testAppForFile } from './helpers';

const clock = new ManualClock();
const t = testAppForFile({ clock });
const HOUR = 3600_000;

const reached = async (broadcastId: number) =>
  (
    await t.db
      .select({ id: captainDeliveries.captainId })
      .from(captainDeliveries)
      .where(
        and(
          eq(captainDeliveries.sourceId, broadcastId),
          inArray(captainDeliveries.sourceKind, ['broadcast', 'scheduled']),
        ),
      )
  )
    .map((r) => r.id)
    .sort((a, b) => a - b);

/** Two captains of this file, a Monaco number and a French one. */
async function twoCaptains(suffix: string) {
  const { captain: monaco } = await makeCaptain(t.db, { phoneNumber: `+377 6 12 00 ${suffix}`, online: false });
  const { captain: french } = await makeCaptain(t.db, { phoneNumber: `+33 6 45 00 ${suffix}`, online: true });
  return { monaco, french };
}

describe('POST broadcast to listed numbers', () => {
  it('422 without a number, and 422 listing every number that names no captain; nothing is sent', async () => {
    const admin = await login(t.app, 'admin@example.com');
    const none = await requestAs(t.app, 'POST', '/api/broadcast', admin, { body: 'Hi', target: 'numbers' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.phone_numbers).toEqual([BROADCAST_MSG.noNumbers]);
    const blank = await requestAs(t.app, 'POST', '/api/broadcast', admin, {
      body: 'Hi',
      target: 'numbers',
      phone_numbers: ['', ' '],
    });
    expect(blank.json().errors.phone_numbers).toEqual([BROADCAST_MSG.noNumbers]);

    const { monaco } = await twoCaptains('00 01');
    const unknown = await requestAs(t.app, 'POST', '/api/broadcast', admin, {
      body: 'Hi',
      target: 'numbers',
      phone_numbers: [monaco.phoneNumber, '+377 6 99 99 99 98', 'call me'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.phone_numbers).toEqual([BROADCAST_MSG.unknownNumbers('+377 6 99 99 99 98, call me')]);
    expect(await t.db.select().from(broadcasts)).toEqual([]);
    // Counted when sent, never from a URL.
    const preview = await requestAs(t.app, 'GET', '/api/broadcast/preview?target=numbers', admin);
    expect(preview.statusCode).toBe(422);
    expect(preview.json().errors.target).toEqual([BROADCAST_MSG.numbersNotCounted]);
    const many = await requestAs(t.app, 'POST', '/api/broadcast', admin, {
      body: 'Hi',
      target: 'numbers',
      phone_numbers: Array.from({ length: 201 }, () => monaco.phoneNumber),
    });
    expect(many.statusCode).toBe(422);
    expect(many.json().errors).toHaveProperty('phone_numbers');
  });

  it('reaches exactly the captains of the numbers, however they are written, online or not', async () => {
    const { monaco, french } = await twoCaptains('00 02');
    const { captain: other } = await makeCaptain(t.db, { phoneNumber: '+377 6 12 00 00 03' });
    const dispatcher = await login(t.app, 'dispatcher@example.com');
    const res = await requestAs(t.app, 'POST', '/api/broadcast', dispatcher, {
      body: 'Your badge is ready at the office.',
      target: 'numbers',
      // National, international with 00, twice the same captain, and a blank line.
      phone_numbers: ['06 12 00 00 02', '0033 6 45 00 00 02', '+33645000002', ''],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(BROADCAST_MSG.sent(2));
    expect(res.json().data).toMatchObject({
      target: 'numbers',
      target_kind: 'numbers',
      target_id: null,
      counts: { targeted: 2, delivered: 1, read: 0 },
    });
    const ids = await reached(res.json().data.id);
    expect(ids).toEqual([monaco.id, french.id].sort((a, b) => a - b));
    expect(ids).not.toContain(other.id);
  });
});

describe('scheduled messages to listed numbers', () => {
  it('names the captains when scheduled (422 otherwise) and each run reaches them', async () => {
    const supervisor = await login(t.app, 'supervisor@example.com');
    const sendAt = dateToCityLocal(new Date(clock.now() + HOUR));
    const unknown = await requestAs(t.app, 'POST', '/api/scheduled_messages', supervisor, {
      body: 'Briefing',
      target: 'numbers',
      phone_numbers: ['+377 6 99 99 99 97'],
      send_at: sendAt,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.phone_numbers).toEqual([BROADCAST_MSG.unknownNumbers('+377 6 99 99 99 97')]);

    const { monaco, french } = await twoCaptains('00 04');
    const res = await requestAs(t.app, 'POST', '/api/scheduled_messages', supervisor, {
      body: 'Briefing',
      target: 'numbers',
      phone_numbers: [monaco.phoneNumber, french.phoneNumber],
      send_at: sendAt,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ target: 'numbers', target_kind: 'numbers', status: 'scheduled' });
    const [row] = await t.db.select().from(scheduledMessages).where(eq(scheduledMessages.id, res.json().data.id));
    expect(row.targetCaptainIds).toEqual([monaco.id, french.id]);

    clock.advance(2 * HOUR);
    await t.app.jobs.runDue();
    const [run] = await t.db.select().from(broadcasts).where(eq(broadcasts.scheduledMessageId, row.id));
    expect(run).toMatchObject({ source: 'scheduled', targetKind: 'numbers' });
    expect(await reached(run.id)).toEqual([monaco.id, french.id].sort((a, b) => a - b));
  });
});
