import { TrackingPage } from './TrackingPage';

/** /drivers/map (DriversMap). */
export default function DriversMapPage() {
  return <TrackingPage />;
}
