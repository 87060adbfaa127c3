import { MAP_CENTER } from '@taxi/shared';
import { useMemo } from 'react';
import { MapView } from '../../components/map/MapView';
import { ClickToPick, FollowPoint } from '../../components/map/pointLayers';
import { EventCircles } from './EventCircles';
import type { EventCircle } from './geo';

const ZOOM = 14;

/**
 * A small map of one event: its radius as a disc around its point; with `onPick`, a click sets the point.
 * No point yet: the city's centre, nothing drawn.
 */
export function PointMap({
  point,
  radius,
  name,
  onPick,
  testId,
}: {
  point: { lat: number; lon: number } | null;
  radius: number;
  name: string;
  onPick?: (lat: number, lon: number) => void;
  testId?: string;
}) {
  const events = useMemo<EventCircle[]>(
    () => (point ? [{ id: 1, name, lat: point.lat, lon: point.lon, radius_m: radius }] : []),
    [point, radius, name],
  );
  return (
    <MapView
      name="event"
      testId={testId}
      center={point ? [point.lon, point.lat] : MAP_CENTER}
      zoom={ZOOM}
      sx={{ width: '100%', height: 280 }}
    >
      <EventCircles id="event-point" events={events} />
      {point && <FollowPoint lat={point.lat} lon={point.lon} />}
      {onPick && <ClickToPick onPick={(p) => onPick(p.lat, p.lon)} />}
    </MapView>
  );
}
