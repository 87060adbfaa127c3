import { holds, isAirport, isGovernment, isPartnerStaff, publicRule, rule, signedInRule } from './core';

/** Signing in and the user's own session (shell.md §2.6, §7). */
export const sessionPolicy = {
  sendCode: publicRule('session.sendCode'),
  signIn: publicRule('session.signIn'),
  /** Asking for a password-reset link by e-mail (the same answer whether the account exists or not). */
  forgotPassword: publicRule('session.forgotPassword'),
  /** Choosing a new password with an e-mailed reset token (the token is the credential). */
  resetPassword: publicRule('session.resetPassword'),
  /** check_auth, the online flag, logout: one's own session. */
  own: signedInRule('session.own'),
  /** The chat service's token: staff who message (the Goverment role has no chat). */
  chatToken: rule('session.chatToken', (a) => holds(a, 'MESSAGES') && !isGovernment(a)),
  /**
   * Live events over the socket (shell.md §6: airport roles get none). Partner staff get none either: their desks
   * read their own bookings by HTTP (tenant isolation). What each socket receives is EVENT_POLICY's (realtime.ts).
   */
  socket: rule('session.socket', (a) => !isAirport(a) && !isPartnerStaff(a)),
} as const;

/** Probes and public facts, and the development conveniences (loopback only, never outside development). */
export const systemPolicy = {
  probe: publicRule('system.probe'),
  appInfo: publicRule('system.appInfo'),
  devOutbox: publicRule('system.devOutbox'),
  /** The debug view (/debug_view): the permission of its route. */
  status: rule('system.status', (a) => holds(a, 'SETTINGS')),
  /** The self-test (/test): the permission of its route. It sends the caller a test e-mail. */
  selfTest: rule('system.selfTest', (a) => holds(a, 'SETTINGS')),
} as const;

/** The API's OpenAPI document and its browsable reference: public, like the contract they describe. */
export const docsPolicy = {
  read: publicRule('docs.read'),
} as const;
