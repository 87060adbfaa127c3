/**
 * Why a token was refused: the `reason` of every 401 of the token check, beside its `message`. The message is
 * translated on the way out, so the console tells an expired token (it says MSG.tokenExpired, then /login) from an
 * invalid one (a silent logout) by this, never by the wording.
 */
export const TOKEN_REFUSALS = { expired: 'token_expired', invalid: 'token_invalid' } as const;
export type TokenRefusal = (typeof TOKEN_REFUSALS)[keyof typeof TOKEN_REFUSALS];
