import { describe, expect, it } from 'vitest';
import { removedFeatures } from '../src/features/geo/editor/previewData';

const base = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    { type: 'Feature', id: 1, properties: { name: 'Port' }, geometry: null },
    { type: 'Feature', id: 2, properties: { name: 'Casino' }, geometry: null },
    { type: 'Feature', properties: { id: 3 }, geometry: null },
    { type: 'Feature', properties: { name: 'Never saved' }, geometry: null },
  ],
});

describe('the features a whole-layer save deletes', () => {
  it('names the saved features the edited text no longer holds, matched by id as the server does', () => {
    expect(removedFeatures(base, { features: [{ id: 1, properties: {} }] })).toEqual(['Casino', '#3']);
    expect(removedFeatures(base, { features: [{ properties: { id: 2 } }, { id: 3 }, { id: 1 }] })).toEqual([]);
  });

  it('deletes nothing when the loaded text is not JSON or the edit keeps everything', () => {
    expect(removedFeatures('{', { features: [] })).toEqual([]);
    expect(removedFeatures(base, JSON.parse(base))).toEqual([]);
  });
});
