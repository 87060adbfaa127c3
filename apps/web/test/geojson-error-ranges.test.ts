import { describe, expect, it } from 'vitest';
import { errorMarkers, errorRange, parseJsonTree } from '../src/features/geo/editor/featureRanges';

const collection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      id: 1,
      geometry: { type: 'Point', coordinates: [5.1, 43.2] },
      properties: { name: 'Port', radius_m: 60 },
    },
    {
      type: 'Feature',
      id: 2,
      geometry: {
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
      },
      properties: { name: 'Bow tie' },
    },
  ],
};
const text = JSON.stringify(collection, null, 2);
const lines = text.split('\n');
/** The line (from 1) of the first line holding `needle` at or after `from`. */
const lineOf = (needle: string, from = 1) => lines.findIndex((l, i) => i + 1 >= from && l.includes(needle)) + 1;

describe('parseJsonTree', () => {
  it('keeps the offsets of objects, arrays and values', () => {
    const tree = parseJsonTree('{ "a": [1, "x"], "b": null }');
    expect(tree).toMatchObject({ kind: 'object', start: 0, end: 28 });
    if (tree?.kind !== 'object') throw new Error('object expected');
    expect(tree.props.map((p) => p.key)).toEqual(['a', 'b']);
    expect(tree.props[0].value).toMatchObject({ kind: 'array', start: 7, end: 15 });
  });

  it('is null for text that is not JSON', () => {
    expect(parseJsonTree('{ "a": }')).toBeNull();
    expect(parseJsonTree('{ "a": 1 } x')).toBeNull();
    expect(parseJsonTree('')).toBeNull();
  });

  it('reads escaped quotes in strings', () => {
    expect(parseJsonTree('{"a \\" b": "c \\\\"}')).toMatchObject({ kind: 'object' });
  });
});

describe('errorRange', () => {
  it('puts a geometry error on the feature geometry', () => {
    const range = errorRange(text, 'features.1.geometry');
    const geometryLine = lineOf('"geometry"', lineOf('"id": 2'));
    expect(range).toMatchObject({
      startLineNumber: geometryLine,
      endLineNumber: lineOf('"properties"', geometryLine) - 1,
    });
    expect(lines[(range?.startLineNumber ?? 0) - 1].slice((range?.startColumn ?? 0) - 1)).toMatch(/^"geometry"/);
  });

  it('puts lat and lon errors on the geometry too', () => {
    expect(errorRange(text, 'features.0.lat')?.startLineNumber).toBe(lineOf('"geometry"'));
  });

  it('puts a property error on that property, key and value', () => {
    const range = errorRange(text, 'features.0.radius_m');
    const line = lineOf('"radius_m"');
    expect(range).toEqual({
      startLineNumber: line,
      startColumn: lines[line - 1].indexOf('"radius_m"') + 1,
      endLineNumber: line,
      endColumn: lines[line - 1].length + 1,
    });
  });

  it('puts an unknown field on the properties, and a feature-wide error on the whole feature', () => {
    expect(errorRange(text, 'features.1.applies_to')?.startLineNumber).toBe(lineOf('"properties"', lineOf('"id": 2')));
    const whole = errorRange(text, 'features.1._');
    expect(whole?.startLineNumber).toBe(lineOf('"id": 2') - 2);
    expect(lines[(whole?.startLineNumber ?? 0) - 1].trim()).toBe('{');
    expect(whole?.endLineNumber).toBe(lines.length - 2);
    expect(errorRange(text, 'features.1')).toEqual(whole);
  });

  it('is null for a key that names no feature of the text', () => {
    expect(errorRange(text, 'features.9.name')).toBeNull();
    expect(errorRange(text, 'type')).toBeNull();
    expect(errorRange('not json', 'features.0.name')).toBeNull();
  });

  it('counts lines of a text written on one line', () => {
    const flat = JSON.stringify(collection);
    const range = errorRange(flat, 'features.1.name');
    expect(range?.startLineNumber).toBe(1);
    expect(flat.slice((range?.startColumn ?? 0) - 1, (range?.endColumn ?? 0) - 1)).toBe('"name":"Bow tie"');
  });
});

describe('errorMarkers', () => {
  it('names the field in the message and keeps the feature index', () => {
    const markers = errorMarkers(text, {
      'features.1.geometry': ['The outline crosses itself'],
      features: ['Some features were refused'],
    });
    expect(markers[0]).toMatchObject({ feature: 1, message: 'geometry: The outline crosses itself' });
    expect(markers[1]).toMatchObject({ feature: null, startLineNumber: 1, message: 'Some features were refused' });
  });
});
