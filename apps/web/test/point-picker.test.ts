import {
  type FieldDef,
  hotelsResource,
  pointFields,
  type ResourceDef,
  stationsResource,
  vouchersResource,
} from '@taxi/shared';
import { describe, expect, it } from 'vitest';
import { formFields } from '../src/components/DataTable/values';
import { pickedValues, pointOfValues, pointPickerFields, roundCoordinate } from '../src/components/map/pointPick';

// Every catalogue declaration, found the way the server and the web find them (one file each).
const catalogues = Object.values(
  import.meta.glob<ResourceDef>('../../../packages/shared/src/resources/catalogues/*.resource.ts', {
    eager: true,
    import: 'default',
  }),
);

/** Catalogues whose own form draws the point (city events: a place picker and the event's radius). */
const OWN_POINT_MAP = new Set(['city_events']);

describe('the point picker of catalogue forms', () => {
  it('turns a click into both fields, rounded to six decimals, as the inputs hold them', () => {
    expect(pickedValues({ lon: 7.424_612_345_6, lat: 43.738_449_999_9 })).toEqual({ lat: '43.73845', lon: '7.424612' });
    expect(pickedValues({ lon: -0.000_000_4, lat: 0.000_000_6 })).toEqual({ lat: '0.000001', lon: '0' });
    // A map wrapped around the world reports longitudes past ±180.
    expect(pickedValues({ lon: 190.5, lat: 10 })).toEqual({ lat: '10', lon: '-169.5' });
    expect(roundCoordinate(43.123_456_5)).toBeCloseTo(43.123_457, 9);
  });

  it('draws the marker from the fields only once both hold a point on the globe', () => {
    expect(pointOfValues('43.7384', '7.4246')).toEqual({ lat: 43.7384, lon: 7.4246 });
    expect(pointOfValues(43.7, 7.4)).toEqual({ lat: 43.7, lon: 7.4 });
    expect(pointOfValues(' 43.7 ', '7.4')).toEqual({ lat: 43.7, lon: 7.4 });
    expect(pointOfValues('', '7.4')).toBeNull();
    expect(pointOfValues('43.7', '  ')).toBeNull();
    expect(pointOfValues('43,7', '7.4')).toBeNull();
    expect(pointOfValues(null, undefined)).toBeNull();
    expect(pointOfValues('91', '7.4')).toBeNull();
    expect(pointOfValues('43.7', '-181')).toBeNull();
    expect(pointOfValues('0', '0')).toEqual({ lat: 0, lon: 0 });
  });

  it('goes under the lat and lon number fields of a declaration that asks for it, in the form order', () => {
    // Partners declare the longitude first, the shared point fields the latitude first.
    expect(pointPickerFields(hotelsResource, formFields(hotelsResource, true))).toEqual(['lon', 'lat']);
    expect(pointPickerFields(stationsResource, formFields(stationsResource, false))).toEqual(['lat', 'lon']);
    expect(pointPickerFields({ pointPicker: false }, pointFields)).toBeNull();
    const vouchers: ResourceDef = vouchersResource;
    expect(pointPickerFields(vouchers, formFields(vouchers, false))).toBeNull();
    const lonless: FieldDef[] = [pointFields[0], { ...pointFields[1], type: 'text' }];
    expect(pointPickerFields({ pointPicker: true }, lonless)).toBeNull();
    // A point the page sets itself (the map editor's drawn point) leaves one field: no map.
    expect(pointPickerFields({ pointPicker: true }, [pointFields[0]])).toBeNull();
  });

  it('is declared by every catalogue whose form has a latitude and a longitude', () => {
    const withPoint = catalogues.filter((def) => pointPickerFields({ pointPicker: true }, def.fields) !== null);
    expect(withPoint.map((d) => d.key)).toContain('hotels');
    const missing = withPoint.filter((def) => !def.pointPicker && !OWN_POINT_MAP.has(def.key)).map((d) => d.key);
    expect(missing).toEqual([]);
  });
});
