import { holds, holdsAny, mayChange, rule } from './core';

/** The map layers' own routes (their catalogues' routes follow each declaration's permission). */
export const geoPolicy = {
  /** /testMaps: everything that applies at a point (map editors and zone managers). */
  lookup: rule('geo.lookup', (a) => holdsAny(a, ['EDIT_MAP', 'LOCATIONS'])),
  /** The phone booking and the board check a pickup or dropoff as soon as it is chosen. */
  check: rule('geo.check', (a) => holdsAny(a, ['DISPATCHING', 'PHONE_BOOKING'])),
  /** A layer's GeoJSON; the layer's own catalogue read rule is checked too. */
  readLayer: rule('geo.readLayer', (a) =>
    holdsAny(a, ['LOCATIONS', 'LANDMARK_MANAGEMENT', 'EDIT_MAP', 'RESTRICTED_AREA']),
  ),
  /** Replacing a layer from GeoJSON; the layer's own catalogue write rule is checked too. */
  writeLayer: rule('geo.writeLayer', (a) =>
    (['LOCATIONS', 'LANDMARK_MANAGEMENT', 'EDIT_MAP', 'RESTRICTED_AREA'] as const).some((p) => mayChange(a, p)),
  ),
  /** A station's queue (its page). */
  stationQueue: rule('geo.stationQueue', (a) => holdsAny(a, ['LOCATIONS', 'DISPATCHING'])),
  /** The tracking map's supply and demand layer: waiting bookings against free captains per sector. */
  supplyDemand: rule('geo.supplyDemand', (a) => holds(a, 'MONITORING')),
} as const;
