import type { FieldDef } from './define';

/** A zone's outline: GeoJSON (Polygon or MultiPolygon) as text; the server checks it (geo-validate.ts). */
export const GEOMETRY_TEXT_MAX = 500_000;

export function geometryField(required: boolean): FieldDef {
  return {
    name: 'geometry',
    label: 'Outline (GeoJSON)',
    type: 'textarea',
    required,
    max: GEOMETRY_TEXT_MAX,
    list: false,
    helper: 'A GeoJSON Polygon or MultiPolygon, longitude before latitude',
  };
}

/** A point's latitude and longitude, required. */
export const pointFields: readonly FieldDef[] = [
  { name: 'lat', label: 'Latitude', type: 'number', required: true, min: -90, max: 90, list: false },
  { name: 'lon', label: 'Longitude', type: 'number', required: true, min: -180, max: 180, list: false },
];

/** A radius in metres. */
export const RADIUS_MIN_M = 10;
export const RADIUS_MAX_M = 5000;
