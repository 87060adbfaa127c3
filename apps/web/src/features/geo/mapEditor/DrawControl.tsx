import { useTheme } from '@mui/material';
import type { Position } from 'geojson';
import { useEffect, useRef } from 'react';
import { type SnapToCustom, TerraDraw } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { useMap } from '../../../components/map/MapView';
import { buildModes, DRAW_MODES, drawStyles } from './drawModes';
import { COORDINATE_PRECISION, roundCoordinate } from './layerLoading';
import { nearestOnStreets, nearestVertex } from './snapTargets';

export interface DrawEvents {
  /** A drawing finished (`action` 'draw') or an edit ended (a drag). */
  onFinish: (id: string, mode: string, action: string) => void;
  /** Features changed in the drawing (vertex removed, dragged). */
  onChange: (ids: string[], type: string) => void;
  onSelect: (id: string) => void;
  onDeselect: (id: string) => void;
}

let nextId = 0;
/** Drawn features are named `new-<n>`; loaded rows keep `row-<id>` (editSession.rowKey). */
const idStrategy = {
  getId: () => `new-${++nextId}`,
  isValidId: (id: unknown) => typeof id === 'string' && id.length > 0,
};

/**
 * terra-draw on the page's map (renders nothing): created once the map is ready, restyled with the theme,
 * stopped with the map. `snapTargets` gives the vertices a feature may snap to (every other feature shown);
 * away from them, a vertex snaps onto the nearest street (`streets`, the base map's lines).
 */
/** The corner of an outline under the mouse pointer (its index in the outer ring), or -1. */
export type VertexLocator = (ring: readonly Position[]) => number;

export function DrawControl({
  onReady,
  events,
  snapTargets,
  streets,
}: {
  onReady: (draw: TerraDraw | null, vertexAt: VertexLocator) => void;
  events: DrawEvents;
  snapTargets: (exclude?: string) => Position[];
  streets: readonly (readonly Position[])[];
}) {
  const map = useMap();
  const theme = useTheme();
  const eventsRef = useRef(events);
  eventsRef.current = events;
  const targetsRef = useRef(snapTargets);
  targetsRef.current = snapTargets;
  const streetsRef = useRef(streets);
  streetsRef.current = streets;
  const readyRef = useRef(onReady);
  readyRef.current = onReady;
  const themeRef = useRef(theme);
  themeRef.current = theme;
  const drawRef = useRef<TerraDraw | null>(null);

  useEffect(() => {
    if (!map) return;
    const snap: SnapToCustom = (event, context) => {
      const pointer = { x: event.containerX, y: event.containerY };
      // A neighbour's corner first (shared borders stay shared), else a street.
      const target =
        nearestVertex(
          pointer,
          targetsRef.current(context.currentId === undefined ? undefined : String(context.currentId)),
          context.project,
        ) ?? nearestOnStreets(pointer, event, streetsRef.current, context.project);
      // At the drawing's precision: terra-draw refuses a later edit of a feature holding longer coordinates.
      return target && [roundCoordinate(target[0]), roundCoordinate(target[1])];
    };
    const draw = new TerraDraw({
      adapter: new TerraDrawMapLibreGLAdapter({ map, coordinatePrecision: COORDINATE_PRECISION }),
      modes: buildModes(themeRef.current, snap),
      idStrategy,
    });
    draw.on('finish', (id, context) => eventsRef.current.onFinish(String(id), context.mode, context.action));
    draw.on('change', (ids, type) => eventsRef.current.onChange(ids.map(String), type));
    draw.on('select', (id) => eventsRef.current.onSelect(String(id)));
    draw.on('deselect', (id) => eventsRef.current.onDeselect(String(id)));
    draw.start();
    draw.setMode(DRAW_MODES.select);
    drawRef.current = draw;
    let pointer: { x: number; y: number } | null = null;
    const track = (e: { point: { x: number; y: number } }) => {
      pointer = { x: e.point.x, y: e.point.y };
    };
    map.on('mousemove', track);
    const vertexAt: VertexLocator = (ring) => {
      if (!pointer) return -1;
      const corners = ring.slice(0, -1);
      const near = nearestVertex(pointer, corners, (lng, lat) => map.project([lng, lat]));
      return near ? corners.indexOf(near) : -1;
    };
    readyRef.current(draw, vertexAt);
    return () => {
      map.off('mousemove', track);
      readyRef.current(null, () => -1);
      drawRef.current = null;
      // The map may be gone first (the page left): then its layers went with it.
      try {
        draw.stop();
      } catch {
        // Nothing left to remove.
      }
    };
  }, [map]);

  // A theme switch repaints the drawing in place (the features and the current mode stay).
  useEffect(() => {
    const draw = drawRef.current;
    if (!draw) return;
    const styles = drawStyles(theme);
    for (const [mode, style] of Object.entries(styles)) draw.setModeStyles(mode, style);
  }, [theme]);

  return null;
}
