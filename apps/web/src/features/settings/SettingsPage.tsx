import { SettingsForm } from './SettingsForm';

/** /settings (SETTINGS): the general settings (the season). */
export default function SettingsPage() {
  return <SettingsForm group="general" />;
}
