import { defineResource, uniqueNameField } from '../define';
import { geometryField } from '../geo-fields';

/**
 * Sectors (/sectors: read with LOCATIONS, changed with EDIT_MAP): the city's zones. Bookings' pickup and
 * dropoff sectors, the fare zones and the services' areas derive from them; two sectors never overlap.
 */
export const sectorsResource = defineResource({
  key: 'sectors',
  url: 'geo/sectors',
  title: 'Sectors',
  route: 'Sectors',
  permission: 'EDIT_MAP',
  readPermission: 'LOCATIONS',
  table: 'sectors',
  defaultSort: 'name',
  fields: [uniqueNameField(120), geometryField(true)],
});

export default sectorsResource;
