import type { FeaturePages } from '../../app/pages';

// The layers' list, add and item pages are their catalogues' (catalogue/catalogues/*.web.tsx).
export const pages: FeaturePages = {
  TestMaps: () => import('./TestMapsPage'),
  MonacoEditor: () => import('./editor/GeoJsonEditorPage'),
  PathDrawer: () => import('./path/PathDrawerPage'),
  MapEditor: () => import('./mapEditor/MapEditorPage'),
};
