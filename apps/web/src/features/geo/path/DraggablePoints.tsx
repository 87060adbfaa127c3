import { useTheme } from '@mui/material';
import type * as maplibregl from 'maplibre-gl';
import { useEffect, useMemo, useRef } from 'react';
import { type GeoJson, GeoJsonLayer, type LayerSpec } from '../../../components/map/layers';
import { useMap } from '../../../components/map/MapView';
import type { PathPoint } from './pathPoints';

const SOURCE = 'path-points';
const CIRCLES = `${SOURCE}-circle`;
const LAYERS: LayerSpec[] = [
  {
    id: CIRCLES,
    type: 'circle',
    paint: {
      'circle-radius': 9,
      'circle-color': ['get', 'colour'],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 2,
    },
  },
];

/**
 * The path's points on the map: a click on the map adds one, a point is dragged to move it (the map does
 * not pan meanwhile). First green, last red, the ones between in the theme's primary colour.
 */
export function DraggablePoints({
  points,
  onAdd,
  onMove,
}: {
  points: readonly PathPoint[];
  onAdd: (lon: number, lat: number) => void;
  onMove: (index: number, lon: number, lat: number) => void;
}) {
  const map = useMap();
  const theme = useTheme();
  const add = useRef(onAdd);
  add.current = onAdd;
  const move = useRef(onMove);
  move.current = onMove;

  const { success, error, primary } = theme.palette;
  const data = useMemo<GeoJson>(
    () => ({
      type: 'FeatureCollection',
      features: points.map((p, index) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
        properties: {
          index,
          colour: index === 0 ? success.main : index === points.length - 1 ? error.main : primary.main,
        },
      })),
    }),
    [points, success.main, error.main, primary.main],
  );

  useEffect(() => {
    if (!map) return;
    let dragging: number | null = null;
    const canvas = map.getCanvasContainer();
    const hit = (point: maplibregl.PointLike) =>
      map.getLayer(CIRCLES) ? map.queryRenderedFeatures(point, { layers: [CIRCLES] })[0] : undefined;
    const down = (e: maplibregl.MapMouseEvent) => {
      const feature = hit(e.point);
      if (!feature) return;
      e.preventDefault(); // no pan while a point is dragged
      dragging = Number(feature.properties?.index);
      canvas.style.cursor = 'grabbing';
    };
    const over = (e: maplibregl.MapMouseEvent) => {
      if (dragging !== null) move.current(dragging, e.lngLat.lng, e.lngLat.lat);
      else canvas.style.cursor = hit(e.point) ? 'grab' : '';
    };
    const up = () => {
      if (dragging === null) return;
      dragging = null;
      canvas.style.cursor = '';
    };
    const click = (e: maplibregl.MapMouseEvent) => {
      if (!hit(e.point)) add.current(e.lngLat.lng, e.lngLat.lat);
    };
    map.on('mousedown', down);
    map.on('mousemove', over);
    map.on('mouseup', up);
    map.on('click', click);
    return () => {
      map.off('mousedown', down);
      map.off('mousemove', over);
      map.off('mouseup', up);
      map.off('click', click);
    };
  }, [map]);

  return <GeoJsonLayer id={SOURCE} data={data} layers={LAYERS} />;
}
