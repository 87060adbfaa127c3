import type { VoiceRingStrategy } from '@taxi/shared';

/** An operator the queue may ring: registered, online, on a live session, not in a call. */
export interface AvailableOperator {
  sipUser: string;
  userId: number;
  /** When they last answered or ended a call (ms), or 0: the longest idle rings first. */
  lastBusyAt: number;
}

/**
 * Whom the queue rings next. `tried`: the SIP users already rung for this call, in order. Round robin: the
 * longest idle operator not yet tried (one at a time); ring all: every available one not yet tried. When
 * everyone available has been tried, the round starts again (the caller keeps waiting until someone
 * answers or they hang up). Nobody available: an empty list.
 */
export function nextOperators(
  available: readonly AvailableOperator[],
  tried: readonly string[],
  strategy: VoiceRingStrategy,
): string[] {
  if (available.length === 0) return [];
  const order = [...available].sort((a, b) => a.lastBusyAt - b.lastBusyAt || a.userId - b.userId);
  const seen = new Set(tried);
  let fresh = order.filter((o) => !seen.has(o.sipUser));
  if (fresh.length === 0) fresh = order;
  return strategy === 'ring_all' ? fresh.map((o) => o.sipUser) : [fresh[0].sipUser];
}

/** Kamailio's `tried` list: `op1s2,op3s4,` (a trailing comma); only well-formed SIP users are kept. */
export function parseTried(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^op\d+s\d+$/.test(s));
}
