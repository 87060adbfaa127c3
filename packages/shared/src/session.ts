import { z } from 'zod';
import { LOGIN_PROVIDER, SEASONS } from './constants';
import type { notificationItemSchema } from './contract/notifications';
import type {
  aiStatusSchema,
  authUserSchema,
  followUpTicketSettingsSchema,
  sessionUserSchema,
} from './contract/session';
import { MSG } from './messages';
import { emailSchema, NAME_MAX } from './validation';

/** Login payload of shell.md §3: username (the e-mail), password, code, remember_me, provider. */
export const loginPayloadSchema = z.object({
  username: emailSchema,
  password: z.string({ error: MSG.required }).min(1, MSG.required).max(NAME_MAX, MSG.textTooLong(NAME_MAX)),
  code: z
    .union([z.string().max(NAME_MAX), z.number()])
    .optional()
    .nullable(),
  remember_me: z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional(),
  provider: z.literal(LOGIN_PROVIDER).optional(),
});
export type LoginPayload = z.infer<typeof loginPayloadSchema>;

export type AiStatus = z.infer<typeof aiStatusSchema>;
/** Answer of admin_login. */
export type SessionUser = z.infer<typeof sessionUserSchema>;
export type FollowUpTicketSettings = z.infer<typeof followUpTicketSettingsSchema>;
/** Answer of check_auth. */
export type AuthUser = z.infer<typeof authUserSchema>;

/**
 * Why a token was refused: the `reason` of every 401 of the token check, beside its `message`. The message is
 * translated on the way out, so the console tells an expired token (it says MSG.tokenExpired, then /login) from an
 * invalid one (a silent logout) by this, never by the wording.
 */
export const TOKEN_REFUSALS = { expired: 'token_expired', invalid: 'token_invalid' } as const;
export type TokenRefusal = (typeof TOKEN_REFUSALS)[keyof typeof TOKEN_REFUSALS];

export const seasonSchema = z.object({ season: z.enum(SEASONS) });

export type NotificationItem = z.infer<typeof notificationItemSchema>;
