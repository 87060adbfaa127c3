import type { Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { EditSession } from '../src/features/geo/mapEditor/editSession';
import { largestFirst, mergeOutlines, splitPolygon, withoutVertex } from '../src/features/geo/mapEditor/geometryOps';
import { rounded, simplified } from '../src/features/geo/mapEditor/layerLoading';
import { nearestOnStreets, nearestVertex, snapCandidates, verticesOf } from '../src/features/geo/mapEditor/snapTargets';
import { UndoStack } from '../src/features/geo/mapEditor/undoStack';
import { geometryProblems } from '../src/features/geo/mapEditor/validation';

/** A square of `size` degrees with its south-west corner at (lon, lat). */
const square = (lon: number, lat: number, size = 0.01): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [lon, lat],
      [lon + size, lat],
      [lon + size, lat + size],
      [lon, lat + size],
      [lon, lat],
    ],
  ],
});

const contains = (p: Polygon, [lon, lat]: [number, number]) => {
  const xs = p.coordinates[0].map((c) => c[0]);
  const ys = p.coordinates[0].map((c) => c[1]);
  return lon >= Math.min(...xs) && lon <= Math.max(...xs) && lat >= Math.min(...ys) && lat <= Math.max(...ys);
};

describe('split along a line', () => {
  const outline = square(7.42, 43.73);

  it('cuts a polygon crossed from side to side into two parts, leaving a thin gap', () => {
    const parts = largestFirst(
      splitPolygon(outline, {
        type: 'LineString',
        coordinates: [
          [7.423, 43.725],
          [7.423, 43.745],
        ],
      }),
    );
    expect(parts).toHaveLength(2);
    // The larger part is the east one (7.423 → 7.43), the smaller the west one.
    expect(contains(parts[0], [7.428, 43.735])).toBe(true);
    expect(contains(parts[1], [7.421, 43.735])).toBe(true);
    expect(contains(parts[0], [7.421, 43.735])).toBe(false);
    for (const part of parts) expect(part.coordinates[0][0]).toEqual(part.coordinates[0].at(-1));
  });

  it('gives one part back when the line does not cross the polygon', () => {
    const parts = splitPolygon(outline, {
      type: 'LineString',
      coordinates: [
        [7.5, 43.7],
        [7.5, 43.8],
      ],
    });
    expect(parts).toHaveLength(1);
  });

  it('gives one part back when the line stops inside', () => {
    const parts = splitPolygon(outline, {
      type: 'LineString',
      coordinates: [
        [7.423, 43.725],
        [7.423, 43.735],
      ],
    });
    expect(parts).toHaveLength(1);
  });
});

describe('merge', () => {
  it('joins two overlapping outlines into one polygon', () => {
    const merged = mergeOutlines(square(0, 0, 1), square(0.5, 0, 1));
    expect(merged?.type).toBe('Polygon');
    const lons = (merged as Polygon).coordinates[0].map((c) => c[0]);
    expect(Math.min(...lons)).toBe(0);
    expect(Math.max(...lons)).toBe(1.5);
  });

  it('joins two outlines sharing a border into one polygon', () => {
    expect(mergeOutlines(square(0, 0, 1), square(1, 0, 1))?.type).toBe('Polygon');
  });

  it('keeps two outlines apart as a MultiPolygon when they do not touch', () => {
    expect(mergeOutlines(square(0, 0, 1), square(3, 0, 1))?.type).toBe('MultiPolygon');
  });
});

describe('removing a vertex', () => {
  it('drops one corner and closes the ring again, but never below three corners', () => {
    const triangle = withoutVertex(square(0, 0, 1), 0);
    expect(triangle?.coordinates[0]).toEqual([
      [1, 0],
      [1, 1],
      [0, 1],
      [1, 0],
    ]);
    expect(triangle && withoutVertex(triangle, 1)).toBeNull();
    expect(withoutVertex(square(0, 0, 1), 4)).toBeNull();
  });
});

describe('undo stack', () => {
  it('pops the newest action first, each with its previous geometries', () => {
    const stack = new UndoStack<string>();
    stack.push([{ id: 'a', previous: 'a0' }]);
    stack.push([
      { id: 'a', previous: 'a1' },
      { id: 'b', previous: null },
    ]);
    expect(stack.size).toBe(2);
    expect(stack.pop()).toEqual([
      { id: 'a', previous: 'a1' },
      { id: 'b', previous: null },
    ]);
    expect(stack.pop()).toEqual([{ id: 'a', previous: 'a0' }]);
    expect(stack.pop()).toBeUndefined();
  });

  it('records no empty action, keeps at most its limit, and forgets a deleted feature', () => {
    const stack = new UndoStack<string>(2);
    stack.push([]);
    expect(stack.size).toBe(0);
    stack.push([{ id: 'a', previous: '1' }]);
    stack.push([{ id: 'b', previous: '2' }]);
    stack.push([
      { id: 'a', previous: '3' },
      { id: 'b', previous: '4' },
    ]);
    expect(stack.size).toBe(2);
    stack.forget('b');
    expect(stack.size).toBe(1);
    expect(stack.pop()).toEqual([{ id: 'a', previous: '3' }]);
  });
});

describe('edit session', () => {
  it('undoes an edit, a drawing and a split as the user made them', () => {
    const session = new EditSession();
    session.load([{ rowId: 7, properties: { name: 'Port' }, geometry: square(0, 0) }]);
    expect(session.unsaved()).toEqual([]);

    session.change([{ id: 'row-7', geometry: square(0, 0, 0.02) }]);
    session.add('new-1', square(1, 1));
    session.change(
      [{ id: 'row-7', geometry: square(0, 0, 0.03) }],
      [{ id: 'new-2', rowId: null, properties: {}, base: null, geometry: square(2, 2) }],
    );
    expect(session.unsaved().map((r) => r.id)).toEqual(['row-7', 'new-1', 'new-2']);

    expect(session.undo()).toEqual([
      { id: 'new-2', geometry: null },
      { id: 'row-7', geometry: square(0, 0, 0.02) },
    ]);
    expect(session.undo()).toEqual([{ id: 'new-1', geometry: null }]);
    expect(session.undo()).toEqual([{ id: 'row-7', geometry: square(0, 0) }]);
    expect(session.unsaved()).toEqual([]);
    expect(session.canUndo).toBe(false);
  });

  it('records nothing for an unchanged geometry, and a saved feature is no longer unsaved', () => {
    const session = new EditSession();
    session.load([{ rowId: 1, properties: {}, geometry: square(0, 0) }]);
    session.change([{ id: 'row-1', geometry: square(0, 0) }]);
    expect(session.canUndo).toBe(false);
    session.add('new-1', square(1, 1));
    session.saved('new-1', 9, { name: 'Quay' });
    expect(session.unsaved()).toEqual([]);
    expect(session.get('new-1')).toMatchObject({ rowId: 9, properties: { name: 'Quay' } });
  });
});

describe('snap targets', () => {
  // A projection of one pixel per 0.001 degree, y growing southwards as on screen.
  const project = (lng: number, lat: number) => ({ x: lng * 1000, y: -lat * 1000 });

  it("lists the other features' vertices once per ring", () => {
    const features = [
      { id: 'a', geometry: square(0, 0) },
      { id: 'b', geometry: { type: 'Point' as const, coordinates: [5, 5] } },
    ];
    expect(verticesOf(square(0, 0))).toHaveLength(4);
    expect(snapCandidates(features, 'a')).toEqual([[5, 5]]);
    expect(snapCandidates(features)).toHaveLength(5);
  });

  it('finds the nearest vertex within the distance, and none beyond it', () => {
    const candidates = [
      [0.01, 0],
      [0.02, 0],
      [0.5, 0.5],
    ];
    expect(nearestVertex({ x: 12, y: 0 }, candidates, project, 12)).toEqual([0.01, 0]);
    expect(nearestVertex({ x: 17, y: 1 }, candidates, project, 12)).toEqual([0.02, 0]);
    expect(nearestVertex({ x: 100, y: -100 }, candidates, project, 12)).toBeUndefined();
  });

  it('snaps onto the nearest point of a street near the pointer, and not to a street out of reach', () => {
    // About a metre a pixel, as at street zoom.
    const fine = (lng: number, lat: number) => ({ x: lng * 1e5, y: -lat * 1e5 });
    const at = (x: number, y: number) => ({ lng: x / 1e5, lat: -y / 1e5 });
    const street = [
      [0, 0.00001],
      [0.0002, 0.00001],
    ];
    const far = [
      [0.5, 0.5],
      [0.6, 0.5],
    ];
    // The street runs at y = -1 px; a pointer at (10 px, 5 px) lands on it straight above.
    const hit = nearestOnStreets({ x: 10, y: 5 }, at(10, 5), [far, street], fine, 12);
    expect(hit?.[0]).toBeCloseTo(0.0001, 9);
    expect(hit?.[1]).toBeCloseTo(0.00001, 9);
    expect(nearestOnStreets({ x: 10, y: 40 }, at(10, 40), [street], fine, 12)).toBeUndefined();
  });
});

describe('client validation (the shared rules)', () => {
  it('refuses a crossing outline and, for sectors, an overlap naming the other sector', () => {
    const bowTie: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 1],
          [1, 0],
          [0, 1],
          [0, 0],
        ],
      ],
    };
    expect(geometryProblems('restricted_areas', { id: 'x', geometry: bowTie, name: 'X' }, [])).toEqual([
      'The outline crosses itself',
    ]);
    const a = { id: 'a', geometry: square(7.42, 43.73), name: 'Port' };
    const b = { id: 'b', geometry: square(7.425, 43.73), name: 'Larvotto' };
    expect(geometryProblems('sectors', a, [a, b])).toEqual(['Overlaps the sector Larvotto']);
    expect(geometryProblems('restricted_areas', a, [a, b])).toEqual([]);
    const touching = { id: 'c', geometry: square(7.43, 43.73), name: 'Fontvieille' };
    expect(geometryProblems('sectors', a, [a, touching])).toEqual([]);
  });
});

describe('loading a layer into the drawing', () => {
  it('edits a MultiPolygon of one part as its Polygon, and keeps one of several parts as it is', () => {
    const one = { type: 'MultiPolygon' as const, coordinates: [square(0, 0).coordinates] };
    expect(simplified(one)).toEqual(square(0, 0));
    const two = { type: 'MultiPolygon' as const, coordinates: [square(0, 0).coordinates, square(1, 1).coordinates] };
    expect(simplified(two)).toBe(two);
  });

  it("rounds coordinates to the drawing's 9 decimals", () => {
    expect(rounded({ type: 'Point', coordinates: [7.123456789123, 43.987654321987] })).toEqual({
      type: 'Point',
      coordinates: [7.123456789, 43.987654322],
    });
  });
});
