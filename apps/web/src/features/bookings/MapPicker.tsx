import 'maplibre-gl/dist/maplibre-gl.css';
import { Box } from '@mui/material';
import { BOOKING_UI, MAP_CENTER, MAP_ZOOM } from '@taxi/shared';
import { useEffect, useRef } from 'react';
import { maplibregl } from '../../components/map/maplibre';

const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export interface MapPoint {
  lon: number;
  lat: number;
}

/** One MapLibre map with OSM raster tiles; a click reports its point. Works (blank) without tiles. */
export function MapPicker({
  pickup,
  dropoff,
  onPick,
}: {
  pickup: MapPoint | null;
  dropoff: MapPoint | null;
  onPick: (point: MapPoint) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<maplibregl.Map | null>(null);
  const markers = useRef<{ pickup: maplibregl.Marker | null; dropoff: maplibregl.Marker | null }>({
    pickup: null,
    dropoff: null,
  });
  const pickRef = useRef(onPick);
  pickRef.current = onPick;

  useEffect(() => {
    if (!container.current) return;
    let instance: maplibregl.Map;
    try {
      instance = new maplibregl.Map({
        container: container.current,
        center: MAP_CENTER,
        zoom: MAP_ZOOM,
        attributionControl: { compact: false, customAttribution: BOOKING_UI.mapCredit },
        style: {
          version: 8,
          sources: { osm: { type: 'raster', tiles: [TILE_URL], tileSize: 256, maxzoom: 19 } },
          layers: [
            { id: 'background', type: 'background', paint: { 'background-color': '#e8eef2' } },
            { id: 'osm', type: 'raster', source: 'osm' },
          ],
        },
      });
    } catch (error) {
      // No WebGL: the form still works with the place search.
      console.error(error);
      return;
    }
    instance.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    instance.on('click', (e: maplibregl.MapMouseEvent) => pickRef.current({ lon: e.lngLat.lng, lat: e.lngLat.lat }));
    instance.on('error', () => {}); // unreachable tiles are expected offline
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const m = map.current;
    if (!m) return;
    for (const [which, point, colour] of [
      ['pickup', pickup, '#2e7d32'],
      ['dropoff', dropoff, '#d32f2f'],
    ] as const) {
      const existing = markers.current[which];
      if (!point) {
        existing?.remove();
        markers.current[which] = null;
      } else if (existing) existing.setLngLat([point.lon, point.lat]);
      else markers.current[which] = new maplibregl.Marker({ color: colour }).setLngLat([point.lon, point.lat]).addTo(m);
    }
  }, [pickup, dropoff]);

  return (
    <Box
      ref={container}
      data-testid="phone-booking-map"
      sx={{ width: '100%', height: '100%', minHeight: 360, borderRadius: 1, overflow: 'hidden' }}
    />
  );
}
