import { z } from 'zod';
import { LOGIN_PROVIDER, SEASONS } from './constants';
import { MSG } from './messages';
import type { RoleRef } from './roles';
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

export interface AiStatus {
  snoozed_at: string | null;
  snooze_interval: number;
  dispatch_interval: number;
  /** A string, initially "0" (shell.md §3). */
  ai_stopped: string;
}

/** Answer of admin_login. */
export interface SessionUser {
  accessToken: string;
  timestamp: string;
  username: string;
  roles: RoleRef[];
  online: boolean;
  ai_status: AiStatus;
}

export interface FollowUpTicketSettings {
  id: number | null;
  last_question_id: number | null;
  last_field_id: number | null;
}

/** Answer of check_auth. */
export interface AuthUser {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  username: string;
  online: boolean;
  ai_status: AiStatus;
  roles: RoleRef[];
  permissions: string[];
  profile_image: string | null;
  settings: { FOLLOW_UP_TICKET: FollowUpTicketSettings; [key: string]: unknown };
}

export const seasonSchema = z.object({ season: z.enum(SEASONS) });

export interface NotificationItem {
  id: number;
  message: string;
  color: string;
  datetime: string;
  icon: string;
}
