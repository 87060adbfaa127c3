import FitScreenIcon from '@mui/icons-material/FitScreen';
import { Button } from '@mui/material';
import { RIDE_MAP_ZOOM, RIDE_UI } from '@taxi/shared';
import type * as maplibregl from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fitCoordinates } from '../../components/map/layers';
import { useMap } from '../../components/map/MapView';

/** The map's centre and zoom on its container after each move (`data-centre` "lon,lat", `data-zoom`), for tests. */
function reportView(map: maplibregl.Map): void {
  const { lng, lat } = map.getCenter();
  const el = map.getContainer();
  el.dataset.centre = `${lng.toFixed(6)},${lat.toFixed(6)}`;
  el.dataset.zoom = map.getZoom().toFixed(2);
}

/**
 * The ride map opens at RIDE_MAP_ZOOM on the booking (bookings.md §9): on `at` (the live captain) the first time it is
 * known, unless the operator has moved the map meanwhile; until then the map's own centre (the pickup) stands.
 */
export function CentreOnce({ at }: { at: [number, number] | null }) {
  const map = useMap();
  const done = useRef(false);
  const moved = useRef(false);
  useEffect(() => {
    if (!map) return;
    reportView(map);
    const onMove = () => reportView(map);
    // A move with a pointer or key behind it is the operator's: the map is theirs from then on.
    const onStart = (event: { originalEvent?: unknown }) => {
      if (event.originalEvent) moved.current = true;
    };
    map.on('moveend', onMove);
    map.on('movestart', onStart);
    return () => {
      map.off('moveend', onMove);
      map.off('movestart', onStart);
    };
  }, [map]);
  const lon = at?.[0];
  const lat = at?.[1];
  useEffect(() => {
    if (!map || done.current || lon === undefined || lat === undefined) return;
    done.current = true;
    if (!moved.current) map.jumpTo({ center: [lon, lat], zoom: RIDE_MAP_ZOOM });
  }, [map, lon, lat]);
  return null;
}

/** A map button that frames the whole route (pickup, dropoff and the route's points) on the operator's request. */
export function FitRouteButton({ coordinates }: { coordinates: readonly [number, number][] }) {
  useTranslation(); // re-render on a language change (the shared texts are read at render)
  const map = useMap();
  return (
    <Button
      size="small"
      variant="contained"
      color="inherit"
      startIcon={<FitScreenIcon />}
      disabled={!map || coordinates.length < 2}
      onClick={() => map && fitCoordinates(map, coordinates, { maxZoom: RIDE_MAP_ZOOM })}
      sx={{ position: 'absolute', top: 8, left: 8, zIndex: 1, bgcolor: 'background.paper', color: 'text.primary' }}
    >
      {RIDE_UI.fitRoute}
    </Button>
  );
}
