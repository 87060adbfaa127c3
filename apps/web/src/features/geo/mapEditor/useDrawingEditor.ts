import { MAP_EDITOR_UI } from '@taxi/shared';
import type { Geometry, Polygon } from 'geojson';
import { useRef, useState } from 'react';
import type { GeoJSONStoreGeometries, TerraDraw } from 'terra-draw';
import type { DrawEvents, VertexLocator } from './DrawControl';
import { DRAW_MODES, type Tool } from './drawModes';
import type { EditSession, FeatureRecord } from './editSession';
import { largestFirst, mergeOutlines, splitPolygon, withoutVertex } from './geometryOps';
import { rounded } from './layerLoading';

/** Edits settle this long after the drawing's last change (a removed vertex has no "finish"). */
const SETTLE_MS = 300;

const modeOf = (g: Geometry) => (g.type === 'Point' ? 'point' : 'polygon');

/**
 * The drawing's tools over the edit session: the active tool, the selected feature, what the drawing
 * reports (drawn, dragged, vertex removed) recorded as undoable steps, split, merge, undo and Escape.
 */
export function useDrawingEditor(session: EditSession, onDeleteRequest: (id: string) => void) {
  const [draw, setDrawState] = useState<TerraDraw | null>(null);
  const vertexAt = useRef<VertexLocator>(() => -1);
  const setDraw = (next: TerraDraw | null, locate: VertexLocator) => {
    vertexAt.current = locate;
    setDrawState(next);
  };
  const [tool, setToolState] = useState<Tool>('select');
  const [selected, setSelected] = useState<string | null>(null);
  const [mergeFrom, setMergeFrom] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const splitTarget = useRef<string | null>(null);
  const applying = useRef(false);
  const pending = useRef(new Set<string>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const geometryOf = (id: string) => draw?.getSnapshotFeature(id)?.geometry as Geometry | undefined;

  /** Changes the drawing without its reports being taken for user edits. */
  const apply = (fn: (d: TerraDraw) => void) => {
    if (!draw) return;
    applying.current = true;
    try {
      fn(draw);
    } finally {
      applying.current = false;
    }
  };

  const commit = (ids: string[]) => {
    const changes = ids.flatMap((id) => {
      const geometry = session.get(id) ? geometryOf(id) : undefined;
      return geometry ? [{ id, geometry }] : [];
    });
    session.change(changes);
  };

  const setTool = (next: Tool) => {
    if (!draw) return;
    setNotice(null);
    setMergeFrom(null);
    if (next === 'split') {
      if (!selected || geometryOf(selected)?.type !== 'Polygon') {
        setNotice(MAP_EDITOR_UI.selectOutline);
        return;
      }
      splitTarget.current = selected;
    }
    draw.setMode(DRAW_MODES[next]);
    setToolState(next);
    if (next !== 'select') setSelected(null);
  };

  const splitAlong = (lineId: string) => {
    const line = geometryOf(lineId);
    apply((d) => d.removeFeatures([lineId]));
    const target = splitTarget.current;
    const record = target ? session.get(target) : undefined;
    const outline = target ? geometryOf(target) : undefined;
    if (!draw || !target || !record || line?.type !== 'LineString' || outline?.type !== 'Polygon') return;
    const parts = largestFirst(splitPolygon(outline, line)).map((p) => rounded(p) as Polygon);
    if (parts.length < 2) {
      setNotice(MAP_EDITOR_UI.splitMissed);
      return;
    }
    const { id: _id, name: _name, ...kept } = record.properties;
    const added: FeatureRecord[] = parts.slice(1).map((geometry) => ({
      id: String(draw.getFeatureId()),
      rowId: null,
      properties: kept,
      base: null,
      geometry,
    }));
    apply((d) => {
      d.updateFeatureGeometry(target, parts[0]);
      d.addFeatures(
        added.map((r) => ({
          id: r.id,
          type: 'Feature',
          geometry: r.geometry as Polygon,
          properties: { mode: 'polygon' },
        })),
      );
    });
    session.change([{ id: target, geometry: parts[0] }], added);
    draw.setMode(DRAW_MODES.select);
    setToolState('select');
  };

  const mergeInto = (into: string, other: string) => {
    const a = geometryOf(into);
    const b = geometryOf(other);
    setMergeFrom(null);
    if (a?.type !== 'Polygon' || (b?.type !== 'Polygon' && b?.type !== 'MultiPolygon')) {
      setNotice(MAP_EDITOR_UI.selectOutline);
      return;
    }
    const union = mergeOutlines(a, b);
    const merged = union && rounded(union);
    // The drawing holds simple outlines only: two outlines that neither touch nor overlap stay apart.
    if (merged?.type !== 'Polygon') {
      setNotice(MAP_EDITOR_UI.mergeFailed);
      return;
    }
    apply((d) => {
      d.deselectFeature(other);
      d.updateFeatureGeometry(into, merged);
    });
    session.change([{ id: into, geometry: merged }]);
    setSelected(into);
    // The merged outline covers the other one now: offer to delete it.
    onDeleteRequest(other);
  };

  const events: DrawEvents = {
    onFinish(id, mode, action) {
      if (applying.current) return;
      if (action === 'draw') {
        if (mode === DRAW_MODES.split) return splitAlong(id);
        const geometry = geometryOf(id);
        if (geometry) session.add(id, geometry);
        return;
      }
      commit([id]);
    },
    onChange(ids, type) {
      if (applying.current || type !== 'update' || draw?.getMode() !== DRAW_MODES.select) return;
      for (const id of ids) if (session.get(id)) pending.current.add(id);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        commit([...pending.current]);
        pending.current.clear();
      }, SETTLE_MS);
    },
    onSelect(id) {
      if (mergeFrom && mergeFrom !== id) mergeInto(mergeFrom, id);
      else setSelected(id);
    },
    onDeselect(id) {
      setSelected((s) => (s === id ? null : s));
    },
  };

  const undo = () => {
    const steps = session.undo();
    if (steps.length === 0) return;
    apply((d) => {
      if (selected && d.hasFeature(selected)) d.deselectFeature(selected);
      for (const { id, geometry } of steps) {
        if (geometry === null) {
          if (d.hasFeature(id)) d.removeFeatures([id]);
        } else if (d.hasFeature(id)) d.updateFeatureGeometry(id, geometry as GeoJSONStoreGeometries);
        else
          d.addFeatures([
            {
              id,
              type: 'Feature',
              geometry: geometry as GeoJSONStoreGeometries,
              properties: { mode: modeOf(geometry) },
            },
          ]);
      }
    });
    setSelected(null);
  };

  /** Escape: the drawing under way is dropped (the tool stays), a merge waiting for its outline too. */
  const cancel = () => {
    setMergeFrom(null);
    setNotice(null);
    if (!draw || tool === 'select') return;
    draw.setMode(DRAW_MODES.select);
    draw.setMode(DRAW_MODES[tool]);
  };

  const startMerge = () => {
    setNotice(null);
    if (!selected || geometryOf(selected)?.type !== 'Polygon') setNotice(MAP_EDITOR_UI.selectOutline);
    else setMergeFrom(selected);
  };

  /** Removes a feature from the drawing (after its deletion, or a drawn one dropped). */
  const removeFeature = (id: string) => {
    apply((d) => {
      if (d.hasFeature(id)) d.removeFeatures([id]);
    });
    if (selected === id) setSelected(null);
  };

  /** The selected outline's corner under the pointer (Delete removes it rather than the feature), or -1. */
  const selectedVertex = () => {
    const g = selected ? geometryOf(selected) : undefined;
    return g?.type === 'Polygon' ? vertexAt.current(g.coordinates[0]) : -1;
  };

  /** Removes a corner of an outline (one undoable step); false when too few corners would remain. */
  const removeVertex = (id: string, index: number): boolean => {
    const g = geometryOf(id);
    const without = g?.type === 'Polygon' ? withoutVertex(g, index) : null;
    const next = without && (rounded(without) as Polygon);
    if (!next) return false;
    try {
      apply((d) => {
        if (!d.hasFeature(id)) return;
        if (selected === id) d.deselectFeature(id);
        d.updateFeatureGeometry(id, next);
      });
    } catch {
      // The drawing refused the outline without that corner (its own validation): the corner stays.
      return false;
    }
    session.change([{ id, geometry: next }]);
    setSelected(null);
    return true;
  };

  return {
    draw,
    selectedVertex,
    removeVertex,
    setDraw,
    tool,
    setTool,
    selected,
    mergeFrom,
    notice,
    events,
    undo,
    cancel,
    startMerge,
    removeFeature,
    apply,
  };
}
