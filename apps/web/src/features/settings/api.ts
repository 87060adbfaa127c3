import { useQuery } from '@tanstack/react-query';
import type { SettingGroup } from '@taxi/shared';
import { apiData, endpoints } from '../../api/endpoints';

export const settingsKeys = {
  all: ['settings-group'] as const,
  group: (group: SettingGroup) => ['settings-group', group] as const,
};

/** Each group's GET and PUT (settings/{group}). */
export const GROUP_ENDPOINTS = {
  general: { read: endpoints.settingsGeneral, save: endpoints.saveSettingsGeneral },
  dispatching: { read: endpoints.settingsDispatching, save: endpoints.saveSettingsDispatching },
  bookings: { read: endpoints.settingsBookings, save: endpoints.saveSettingsBookings },
} as const;

export function useSettingsGroup(group: SettingGroup) {
  return useQuery({
    queryKey: settingsKeys.group(group),
    queryFn: ({ signal }) => apiData(GROUP_ENDPOINTS[group].read, { signal }),
  });
}
