import type * as maplibregl from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { useMap } from './context';
import type { LonLatPoint } from './pointPick';

/** Reports each click on the map as its point; the pointer is a crosshair while this layer is on. */
export function ClickToPick({ onPick }: { onPick: (point: LonLatPoint) => void }) {
  const map = useMap();
  const pick = useRef(onPick);
  pick.current = onPick;
  useEffect(() => {
    if (!map) return;
    const click = (e: maplibregl.MapMouseEvent) => pick.current({ lon: e.lngLat.lng, lat: e.lngLat.lat });
    map.on('click', click);
    const canvas = map.getCanvas();
    canvas.style.cursor = 'crosshair';
    return () => {
      map.off('click', click);
      canvas.style.cursor = '';
    };
  }, [map]);
  return null;
}

/** Keeps a point in view when it moves (typed, chosen elsewhere): the map moves only once it leaves the view. */
export function FollowPoint({ lon, lat }: LonLatPoint) {
  const map = useMap();
  useEffect(() => {
    if (map && !map.getBounds().contains([lon, lat])) map.easeTo({ center: [lon, lat] });
  }, [map, lat, lon]);
  return null;
}
