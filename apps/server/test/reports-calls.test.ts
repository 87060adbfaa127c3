import {
  CALL_SERVICE_LEVEL_S,
  type CallOutcome,
  callFiguresOf,
  cityLocalToDate,
  type DashboardDto,
  isAbandonedByCaller,
  isAnsweredInTime,
  isIncomingCall,
} from '@taxi/shared';
import { describe, expect, it } from 'vitest';
import { calls } from '../src/db/schema';
import { ManualClock } from '../src/lib/clock';
import { apiCaller, loginAll, testAppForFile } from './helpers';

/**
 * The dashboard's call figures (CALL_FIGURES, packages/shared/src/voice.ts) from a call log seeded by hand, on a day
 * of their own (the clock is set there): what counts as an incoming call, as answered within the service level and
 * as abandoned by the caller; and, without a SIP server, no figures at all ("voice off"), whatever the log holds.
 */
const NOW = (cityLocalToDate('2031-05-14 15:00') as Date).getTime();
const clock = new ManualClock(NOW);
const on = testAppForFile({ env: { VOICE_WS_URL: 'ws://127.0.0.1:1', VOICE_QUEUE_NUMBER: '777' }, clock });
const off = testAppForFile({ clock });

const S = 1000;
let n = 0;
/** A call of the log: began ringing `ago` seconds before now, answered `answer` seconds after that. */
function logged(
  outcome: CallOutcome,
  ago: number,
  answer: number | null = null,
  direction: 'inbound' | 'outbound' = 'inbound',
) {
  const startedAt = new Date(NOW - ago * S);
  return {
    sipCallId: `fig-${++n}`,
    direction,
    fromNumber: direction === 'inbound' ? '+33611110000' : '777',
    toNumber: direction === 'inbound' ? '777' : '+33611110000',
    outcome,
    startedAt,
    answeredAt: answer === null ? null : new Date(startedAt.getTime() + answer * S),
    endedAt: outcome === 'ringing' || outcome === 'answered' ? null : new Date(startedAt.getTime() + 60 * S),
    lastRingAt: startedAt,
  };
}

const LOG = [
  // Answered in time: 8 s, and exactly the service level.
  logged('completed', 3600, 8),
  logged('completed', 3000, CALL_SERVICE_LEVEL_S),
  logged('transferred', 2400, 12),
  // Answered late.
  logged('completed', 1800, CALL_SERVICE_LEVEL_S + 1),
  logged('answered', 600, 45),
  // The caller hung up while it rang: after 5 s and after a minute.
  logged('abandoned', 1500),
  logged('abandoned', 1200),
  // Nobody free to take it: incoming, neither in time nor the caller's doing.
  logged('missed', 900),
  logged('failed', 700),
  // Still ringing past the service level (incoming, not in time), and under it (not decided: not counted yet).
  logged('ringing', 40),
  logged('ringing', 5),
  // Not today's, and not incoming.
  logged('completed', 86_400, 3),
  logged('completed', 300, 2, 'outbound'),
];

describe("the dashboard's call figures", () => {
  it('count the incoming calls, those answered within the service level and those the caller abandoned', async () => {
    await on.db.insert(calls).values(LOG);
    const [admin] = await loginAll(on.app, 'admin@example.com');
    const res = await apiCaller(() => on.app)('GET', 'reports/dashboard', admin);
    expect(res.statusCode, res.body).toBe(200);
    const figures = (res.json().data as DashboardDto).calls;
    // 11 inbound calls today; 10 incoming (the one ringing for 5 s is not decided); 3 answered within 20 s;
    // 2 hung up by the caller.
    expect(figures).toEqual({ waiting: 2, inbound: 11, answered_in_time: 0.3, abandoned_rate: 0.2 });
    // The shared definition gives the same figures from the same calls.
    const today = LOG.filter((c) => c.startedAt.getTime() >= (cityLocalToDate('2031-05-14') as Date).getTime()).map(
      (c) => ({
        direction: c.direction,
        outcome: c.outcome,
        startedAt: c.startedAt.getTime(),
        answeredAt: c.answeredAt?.getTime() ?? null,
      }),
    );
    expect(callFiguresOf(today, NOW)).toEqual({ incoming: 10, answered_in_time: 0.3, abandoned_rate: 0.2 });
    const incoming = today.filter((c) => isIncomingCall(c, NOW));
    expect(incoming.filter(isAnsweredInTime)).toHaveLength(3);
    expect(incoming.filter(isAbandonedByCaller)).toHaveLength(2);
  });

  it('are null while no call came in today (the page says there is none, not a blank)', async () => {
    clock.set(NOW + 2 * 86_400 * S);
    try {
      const [admin] = await loginAll(on.app, 'admin@example.com');
      const figures = (await apiCaller(() => on.app)('GET', 'reports/dashboard', admin)).json().data.calls;
      expect(figures).toEqual({ waiting: 0, inbound: 0, answered_in_time: null, abandoned_rate: null });
    } finally {
      clock.set(NOW);
    }
  });

  it('are off without a SIP server, whatever the log holds', async () => {
    await off.db.insert(calls).values(LOG);
    const [admin] = await loginAll(off.app, 'admin@example.com');
    const res = await apiCaller(() => off.app)('GET', 'reports/dashboard', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().data as DashboardDto).calls).toBeNull();
    const monitor = await apiCaller(() => off.app)('GET', 'reports/monitor', admin);
    expect(monitor.json().data.calls).toBeNull();
  });
});
