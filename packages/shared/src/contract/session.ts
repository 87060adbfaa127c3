import { z } from 'zod';
import { BOARD_DENSITIES } from '../board-order';
import { LANGUAGES, THEME_CHOICES } from '../i18n';
import { emptyEnvelope, envelope, refSchema } from './envelope';

/** Whether the AI popups' panel is open: only the operator opens it, and once hidden it stays hidden. */
export const AI_PANEL_STATES = ['open', 'hidden'] as const;

/**
 * A user's language, theme, the Requests board's card density and whether their AI popups' panel is open: kept on
 * the server so they follow the user to any workstation.
 */
export const preferencesSchema = z
  .object({
    language: z.enum(LANGUAGES).optional(),
    theme: z.enum(THEME_CHOICES).optional(),
    board_density: z.enum(BOARD_DENSITIES).optional(),
    ai_panel: z.enum(AI_PANEL_STATES).optional(),
  })
  .strict()
  .meta({ id: 'Preferences' });

export const aiStatusSchema = z
  .object({
    snoozed_at: z.string().nullable(),
    snooze_interval: z.number(),
    dispatch_interval: z.number(),
    /** A string, initially "0" (shell.md §3). */
    ai_stopped: z.string(),
  })
  .meta({ id: 'AiStatus' });

/** Answer of admin_login. */
export const sessionUserSchema = z
  .object({
    accessToken: z.string(),
    timestamp: z.string(),
    username: z.string(),
    roles: z.array(refSchema),
    online: z.boolean(),
    ai_status: aiStatusSchema,
  })
  .meta({ id: 'SessionUser' });

export const followUpTicketSettingsSchema = z.object({
  id: z.number().nullable(),
  last_question_id: z.number().nullable(),
  last_field_id: z.number().nullable(),
});

/** Answer of check_auth. */
export const authUserSchema = z
  .object({
    id: z.number(),
    first_name: z.string(),
    last_name: z.string(),
    full_name: z.string(),
    email: z.string(),
    username: z.string(),
    online: z.boolean(),
    ai_status: aiStatusSchema,
    roles: z.array(refSchema),
    permissions: z.array(z.string()),
    profile_image: z.string().nullable(),
    /** The airport agency of a role 11/12 user (the desk's policies read it), else null. */
    airport_agency_id: z.number().nullable(),
    /** The hotel, restaurant or company of a partner staff account (its desk's policies read it), else null. */
    partner_id: z.number().nullable(),
    settings: z.object({ FOLLOW_UP_TICKET: followUpTicketSettingsSchema }).catchall(z.unknown()),
    preferences: preferencesSchema,
  })
  .meta({ id: 'AuthUser' });

export const sessionContract = {
  sendCode: emptyEnvelope,
  login: envelope(sessionUserSchema),
  checkAuth: envelope(authUserSchema),
  chatToken: envelope(z.string()),
  online: envelope(z.object({ online: z.boolean() })),
  preferences: envelope(preferencesSchema),
  logout: emptyEnvelope,
  ended: envelope(z.object({ ended: z.number().int() })),
  forgotPassword: emptyEnvelope,
  resetPassword: emptyEnvelope,
};

export type Preferences = z.infer<typeof preferencesSchema>;
