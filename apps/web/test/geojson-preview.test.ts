import { describe, expect, it } from 'vitest';
import { drawable, previewOf } from '../src/features/geo/editor/previewData';

const ring = [
  [7.41, 43.73],
  [7.42, 43.73],
  [7.42, 43.74],
  [7.41, 43.73],
];

describe('drawable', () => {
  it('takes points, a container’s points, outlines; not an empty or broken one', () => {
    expect(drawable({ type: 'Point', coordinates: [7.4, 43.7] })).toBe(true);
    expect(drawable({ type: 'MultiPoint', coordinates: [[7.4, 43.7]] })).toBe(true);
    expect(drawable({ type: 'MultiPoint', coordinates: [] })).toBe(false);
    expect(drawable({ type: 'MultiPoint', coordinates: [[7.4]] })).toBe(false);
    expect(drawable({ type: 'Polygon', coordinates: [ring] })).toBe(true);
    expect(drawable({ type: 'MultiPolygon', coordinates: [[ring]] })).toBe(true);
    // A cluster of no sector has nothing to draw.
    expect(drawable({ type: 'MultiPolygon', coordinates: [] })).toBe(false);
    expect(drawable({ type: 'LineString', coordinates: ring })).toBe(false);
  });
});

describe('previewOf', () => {
  it('draws what it can and counts what it skipped, keeping each feature’s index', () => {
    const text = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', geometry: { type: 'MultiPoint', coordinates: [] }, properties: { name: 'Empty' } },
        {
          type: 'Feature',
          geometry: { type: 'MultiPoint', coordinates: [[7.4, 43.7]] },
          properties: { name: 'Quays' },
        },
      ],
    });
    const preview = previewOf(text);
    expect(preview).toMatchObject({ ok: true, skipped: 1 });
    if (preview.ok) expect(preview.collection.features[0].properties).toEqual({ __index: 1, name: 'Quays' });
    expect(previewOf('{')).toEqual({ ok: false, reason: 'json' });
    expect(previewOf('{"type":"Feature"}')).toEqual({ ok: false, reason: 'shape' });
  });
});
