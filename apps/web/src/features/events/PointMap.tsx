import { MAP_CENTER } from '@taxi/shared';
import type * as maplibregl from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { MapView, useMap } from '../../components/map/MapView';
import { EventCircles } from './EventCircles';
import type { EventCircle } from './geo';

const ZOOM = 14;

function ClickToPick({ onPick }: { onPick: (lat: number, lon: number) => void }) {
  const map = useMap();
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    if (!map) return;
    const click = (e: maplibregl.MapMouseEvent) => pick.current(e.lngLat.lat, e.lngLat.lng);
    map.on('click', click);
    return () => {
      map.off('click', click);
    };
  }, [map]);
  return null;
}

/** Keeps the event in view when its point moves (a place chosen, a click). */
function Follow({ lat, lon }: { lat: number; lon: number }) {
  const map = useMap();
  useEffect(() => {
    if (map && !map.getBounds().contains([lon, lat])) map.easeTo({ center: [lon, lat] });
  }, [map, lat, lon]);
  return null;
}

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
      {point && <Follow lat={point.lat} lon={point.lon} />}
      {onPick && <ClickToPick onPick={onPick} />}
    </MapView>
  );
}
