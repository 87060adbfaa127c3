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
