import type { Theme } from '@mui/material';
import {
  type HexColor,
  type SnapToCustom,
  TerraDrawLineStringMode,
  TerraDrawPointMode,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
} from 'terra-draw';

/** The editor's tools as the drawing's modes (terra-draw's names). */
export const DRAW_MODES = { select: 'select', polygon: 'polygon', point: 'point', split: 'linestring' } as const;
export type Tool = keyof typeof DRAW_MODES;

const hex = (colour: string) => colour as HexColor;

/** Colours of the edited layer's features, from the theme (terra-draw wants #rrggbb). */
export function drawStyles(theme: Theme) {
  const edited = hex(theme.palette.primary.main);
  const accent = hex(theme.palette.secondary.main);
  const edge = hex(theme.palette.background.paper);
  const cut = hex(theme.palette.error.main);
  return {
    polygon: {
      fillColor: edited,
      fillOpacity: 0.25,
      outlineColor: edited,
      outlineWidth: 2,
      closingPointColor: accent,
      closingPointOutlineColor: edge,
      snappingPointColor: accent,
      snappingPointOutlineColor: edge,
    },
    point: { pointColor: edited, pointWidth: 6, pointOutlineColor: edge, pointOutlineWidth: 2 },
    linestring: { lineStringColor: cut, lineStringWidth: 3, closingPointColor: cut, closingPointOutlineColor: edge },
    select: {
      selectedPolygonColor: accent,
      selectedPolygonFillOpacity: 0.3,
      selectedPolygonOutlineColor: accent,
      selectedPolygonOutlineWidth: 3,
      selectedPointColor: accent,
      selectedPointOutlineColor: edge,
      selectionPointColor: accent,
      selectionPointOutlineColor: edge,
      selectionPointWidth: 5,
      midPointColor: edited,
      midPointOutlineColor: edge,
    },
  };
}

/**
 * The modes: select (drag a feature, drag, add or remove vertices, snapped to the neighbours' vertices),
 * draw an outline (snapped too), place a point, and draw the line a split cuts along. Their own key
 * bindings are off except Enter to finish: Escape and Delete are the page's (one list of shortcuts).
 */
export function buildModes(theme: Theme, snap: SnapToCustom) {
  const styles = drawStyles(theme);
  return [
    new TerraDrawSelectMode({
      flags: {
        polygon: {
          feature: {
            draggable: true,
            coordinates: { draggable: true, midpoints: true, deletable: true, snappable: { toCustom: snap } },
          },
        },
        point: { feature: { draggable: true } },
      },
      keyEvents: { deselect: null, delete: null, rotate: null, scale: null },
      styles: styles.select,
    }),
    new TerraDrawPolygonMode({
      snapping: { toCustom: snap },
      keyEvents: { cancel: null, finish: 'Enter' },
      styles: styles.polygon,
    }),
    new TerraDrawPointMode({ styles: styles.point }),
    new TerraDrawLineStringMode({ keyEvents: { cancel: null, finish: 'Enter' }, styles: styles.linestring }),
  ];
}
