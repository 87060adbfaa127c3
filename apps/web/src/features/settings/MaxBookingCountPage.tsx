import { SettingsForm } from './SettingsForm';

/** /MaxBookingCount (T_C): how many active bookings a passenger may hold at once. */
export default function MaxBookingCountPage() {
  return <SettingsForm group="bookings" />;
}
