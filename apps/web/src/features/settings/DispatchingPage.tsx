import { SettingsForm } from './SettingsForm';

/** /dispatching (DISPATCHING_CONFIG): search radius, offer and popup timings, snooze, late thresholds. */
export default function DispatchingPage() {
  return <SettingsForm group="dispatching" />;
}
