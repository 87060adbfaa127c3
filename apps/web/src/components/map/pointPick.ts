import { type FieldDef, POINT_FIELD_NAMES, type ResourceDef } from '@taxi/shared';

export interface LonLatPoint {
  lon: number;
  lat: number;
}

/** Decimal places a point picked on a map keeps (six: about ten centimetres). */
export const POINT_DECIMALS = 6;

/** A coordinate rounded to POINT_DECIMALS (never -0, which the input would show as "0" anyway). */
export function roundCoordinate(value: number): number {
  const factor = 10 ** POINT_DECIMALS;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** A longitude brought back to -180…180 (a map wrapped around the world reports 190 for -170). */
const wrapLongitude = (lon: number) => ((((lon + 180) % 360) + 360) % 360) - 180;

/** A click on the map as the form holds its values: both fields, rounded, as the inputs' text. */
export function pickedValues(point: LonLatPoint): { lat: string; lon: string } {
  return { lat: String(roundCoordinate(point.lat)), lon: String(roundCoordinate(wrapLongitude(point.lon))) };
}

const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : null;
};

/** The point the fields hold, or null while either is blank, not a number, or off the globe. */
export function pointOfValues(lat: unknown, lon: unknown): LonLatPoint | null {
  const y = numberOf(lat);
  const x = numberOf(lon);
  if (y === null || x === null || Math.abs(y) > 90 || Math.abs(x) > 180) return null;
  return { lat: y, lon: x };
}

/**
 * The two fields a declaration's map goes with, in the form's order (the map goes under the pair), or null:
 * only a `pointPicker` declaration whose form has both its `lat` and `lon` number fields gets one.
 */
export function pointPickerFields(
  def: Pick<ResourceDef, 'pointPicker'>,
  fields: readonly FieldDef[],
): [string, string] | null {
  if (!def.pointPicker) return null;
  const names: string[] = [POINT_FIELD_NAMES.lat, POINT_FIELD_NAMES.lon];
  const pair = fields.filter((f) => names.includes(f.name) && f.type === 'number').map((f) => f.name);
  return pair.length === 2 ? [pair[0], pair[1]] : null;
}
