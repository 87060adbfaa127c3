import { TrackingPage } from './TrackingPage';

/** /rides_tracker (CaptainsMap, titled Tracking). */
export default function CaptainsMapPage() {
  return <TrackingPage />;
}
