import type * as maplibregl from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { MapView, useMap } from '../../components/map/MapView';
import { maplibre } from '../../components/map/maplibre';

export interface MapPoint {
  lon: number;
  lat: number;
}

interface MapPickerProps {
  pickup: MapPoint | null;
  dropoff: MapPoint | null;
  onPick: (point: MapPoint) => void;
}

/** The whole demo city fills the form's map at this zoom. */
const PICKER_ZOOM = 14;

/** The city map of the phone booking form: a click reports its point; pickup and dropoff are marked. */
export function MapPicker(props: MapPickerProps) {
  return (
    <MapView
      name="phone-booking"
      testId="phone-booking-map"
      zoom={PICKER_ZOOM}
      sx={{ width: '100%', height: '100%', minHeight: 360 }}
    >
      <PickLayer {...props} />
    </MapView>
  );
}

function PickLayer({ pickup, dropoff, onPick }: MapPickerProps) {
  const map = useMap();
  const markers = useRef<{ pickup: maplibregl.Marker | null; dropoff: maplibregl.Marker | null }>({
    pickup: null,
    dropoff: null,
  });
  const pickRef = useRef(onPick);
  pickRef.current = onPick;

  useEffect(() => {
    if (!map) return;
    const click = (e: maplibregl.MapMouseEvent) => pickRef.current({ lon: e.lngLat.lng, lat: e.lngLat.lat });
    map.on('click', click);
    const current = markers.current;
    return () => {
      map.off('click', click);
      current.pickup?.remove();
      current.dropoff?.remove();
      current.pickup = null;
      current.dropoff = null;
    };
  }, [map]);

  useEffect(() => {
    if (!map) return;
    for (const [which, point, colour] of [
      ['pickup', pickup, '#2e7d32'],
      ['dropoff', dropoff, '#d32f2f'],
    ] as const) {
      const existing = markers.current[which];
      if (!point) {
        existing?.remove();
        markers.current[which] = null;
      } else if (existing) existing.setLngLat([point.lon, point.lat]);
      else
        markers.current[which] = new (maplibre().Marker)({ color: colour })
          .setLngLat([point.lon, point.lat])
          .addTo(map);
    }
  }, [map, pickup, dropoff]);

  return null;
}
