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

// Kept in a module without schemas: the console's entry reads it, and a schema there would bring zod to /login.
export { TOKEN_REFUSALS, type TokenRefusal } from './token-refusals';

export const seasonSchema = z.object({ season: z.enum(SEASONS) });

export type NotificationItem = z.infer<typeof notificationItemSchema>;
