/**
 * Colours of our own offline map style, light and dark (the console's theme mode picks one). Pins and
 * captains keep their colours in both: each has a white edge, which reads on either background.
 */
export interface MapPalette {
  background: string;
  sector: string;
  sectorOutline: string;
  service: string;
  minor: string;
  majorCasing: string;
  major: string;
  /** Text written on the map (captains' labels) and its halo. */
  label: string;
  labelHalo: string;
  /** The white edge of lines drawn over the map (a ride's route casing). */
  casing: string;
  /** Sectors by captains planned, one colour per step of SHIFT_COVERAGE_STEPS (the first: a gap). */
  coverage: readonly [string, string, string, string, string];
  /** Sectors by supply and demand: enough captains (cool), then short by 1, 2–3, 4 and more (warm). */
  heat: { balanced: string; low: string; medium: string; high: string };
  /** Captains on shift inside and outside their zone. */
  inZone: string;
  outOfZone: string;
  /** Fill opacity of coloured sectors. */
  fillOpacity: number;
}

export const LIGHT_MAP: MapPalette = {
  background: '#e8eef2',
  sector: '#dde6eb',
  sectorOutline: '#b7c6cf',
  service: '#ffffff',
  minor: '#ffffff',
  majorCasing: '#d9c48f',
  major: '#fdf1c9',
  label: '#1b2631',
  labelHalo: '#ffffff',
  casing: '#ffffff',
  coverage: ['#e0766e', '#d3e5f4', '#a3c8e9', '#5f9fd6', '#2b6cb0'],
  heat: { balanced: '#7fb3d5', low: '#f9d45c', medium: '#f39237', high: '#d63a2f' },
  inZone: '#2e7d32',
  outOfZone: '#c2185b',
  fillOpacity: 0.5,
};

export const DARK_MAP: MapPalette = {
  background: '#151b21',
  sector: '#1c252d',
  sectorOutline: '#2d3a44',
  service: '#2a343d',
  minor: '#33404a',
  majorCasing: '#1b2228',
  major: '#5a5038',
  label: '#eceff1',
  labelHalo: '#11161b',
  casing: '#0d1216',
  coverage: ['#b4473f', '#213f57', '#2c5b84', '#3f7fb6', '#6aaae6'],
  heat: { balanced: '#356d93', low: '#c9a227', medium: '#d9782a', high: '#e0483c' },
  inZone: '#43a047',
  outOfZone: '#ec407a',
  fillOpacity: 0.55,
};

export function mapPalette(dark: boolean): MapPalette {
  return dark ? DARK_MAP : LIGHT_MAP;
}

/**
 * The raster tiles (OSM, light by design) turned dark: brightness inverted, hues turned back, a little
 * less saturated. Light mode leaves them as they are.
 */
export function rasterPaint(dark: boolean) {
  return dark
    ? {
        'raster-brightness-min': 0.85,
        'raster-brightness-max': 0.08,
        'raster-hue-rotate': 180,
        'raster-saturation': -0.4,
      }
    : { 'raster-brightness-min': 0, 'raster-brightness-max': 1, 'raster-hue-rotate': 0, 'raster-saturation': 0 };
}
