import { holds, isAirport, isPartnerStaff, publicRule, rule } from './core';

/**
 * The call centre's voice connection. Operators hold PHONE_BOOKING (airport and partner desks never take
 * calls); the call log is theirs too. The SIP server's own questions carry the
 * voice key instead of a session (the route checks it).
 */
export const voicePolicy = {
  /** SIP credentials for this session, caller lookup, and the console's call events. */
  phone: rule('voice.phone', (a) => holds(a, 'PHONE_BOOKING') && !isAirport(a) && !isPartnerStaff(a)),
  /** The calls list and a call's details. */
  calls: rule('voice.calls', (a) => holds(a, 'PHONE_BOOKING') && !isAirport(a) && !isPartnerStaff(a)),
  /** The SIP server asking: is this registration's session open, whom to ring next, what happened. */
  sip: publicRule('voice.sip'),
} as const;
