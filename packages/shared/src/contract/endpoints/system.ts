import { z } from 'zod';
import type { seasonSchema } from '../../session';
import { aiContract } from '../ai';
import { cityContract } from '../city';
import { endpoint } from '../endpoint';
import { pageEnvelope, refSchema } from '../envelope';
import { filesContract } from '../files';
import { notificationsContract } from '../notifications';
import { type Preferences, sessionContract } from '../session';
import { settingsContract } from '../settings';
import { staffContract } from '../staff';
import { systemContract } from '../system';
import type { PageQuery } from './query';

/** What PUT ai_status takes: any of the user's AI settings; `snoozed_at: null` ends a snooze. */
export interface AiStatusPatch {
  ai_stopped?: boolean | 0 | 1 | '0' | '1' | 'true' | 'false';
  snooze_interval?: number | string;
  dispatch_interval?: number | string;
  snoozed_at?: null;
}

/** PUT settings/{group}: any of the group's keys with a value. */
export type SettingsPatch = Record<string, number | string>;

/** Session, settings, staff pickers, notifications, the city's map data and uploaded files. */
export const systemEndpoints = {
  systemStatus: endpoint()('GET', 'system/status', systemContract.status),
  selfTest: endpoint()('POST', 'system/self_test', systemContract.selfTest),
  chatToken: endpoint()('GET', 'generate_chat_token', sessionContract.chatToken),
  setOnline: endpoint<undefined, { online: boolean }>()('PUT', 'online', sessionContract.online),
  setPreferences: endpoint<undefined, Preferences>()('PUT', 'preferences', sessionContract.preferences),
  forgotPassword: endpoint<undefined, { email: string }>()('POST', 'password/forgot', sessionContract.forgotPassword),
  resetPassword: endpoint<undefined, { token: string; password: string }>()(
    'POST',
    'password/reset',
    sessionContract.resetPassword,
  ),
  aiStatus: endpoint<undefined, AiStatusPatch>()('PUT', 'ai_status', aiContract.status),
  setting: endpoint<{ key: string }>()('GET', 'setting', settingsContract.get),
  setSeason: endpoint<undefined, z.input<typeof seasonSchema>>()('PUT', 'setting/season', settingsContract.season),
  // the typed settings pages (one pair per group)
  settingsGeneral: endpoint()('GET', 'settings/general', settingsContract.group),
  saveSettingsGeneral: endpoint<undefined, SettingsPatch>()('PUT', 'settings/general', settingsContract.group),
  settingsDispatching: endpoint()('GET', 'settings/dispatching', settingsContract.group),
  saveSettingsDispatching: endpoint<undefined, SettingsPatch>()('PUT', 'settings/dispatching', settingsContract.group),
  settingsBookings: endpoint()('GET', 'settings/bookings', settingsContract.group),
  saveSettingsBookings: endpoint<undefined, SettingsPatch>()('PUT', 'settings/bookings', settingsContract.group),
  // staff pickers
  roles: endpoint<PageQuery>()('GET', 'role', staffContract.roles),
  permissions: endpoint<PageQuery>()('GET', 'permission', staffContract.permissions),
  notifications: endpoint<Pick<PageQuery, 'page' | 'perPage'>>()('GET', 'notification', notificationsContract.list),
  // the city
  places: endpoint<PageQuery & { category?: string }>()('GET', 'places', cityContract.places),
  sectors: endpoint()('GET', 'sectors', cityContract.sectors),
  basemap: endpoint()('GET', 'city/basemap', cityContract.basemap),
  /** The street route between two points (`lon,lat`), or a straight line where the streets do not join. */
  cityRoute: endpoint<{ from: string; to: string }>()('GET', 'city/route', cityContract.route),
  // Lists without a server route yet: their pickers say "not available yet" on the 404.
  // An area cluster's sectors: the shift form adds them to a zone.
  areaClusters: endpoint<PageQuery>()(
    'GET',
    'beesline/area_cluster',
    pageEnvelope(refSchema.extend({ sector_ids: z.array(z.number().int()) })),
  ),
  projects: endpoint<PageQuery>()('GET', 'project', pageEnvelope(refSchema)),
  contractTemplateLevels: endpoint<PageQuery>()(
    'GET',
    'contract_template/level',
    pageEnvelope(refSchema.extend({ contract_template: z.object({ name: z.string() }).optional() })),
  ),
  // uploaded files (fetched with the token, shown as blob URLs)
  file: endpoint()('GET', 'files/:name', filesContract.file),
};
