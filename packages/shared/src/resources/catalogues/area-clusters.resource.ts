import { z } from 'zod';
import { defineResource, uniqueNameField } from '../define';

/** Area clusters (beesline/area_cluster, the pickers load 50): groups of sectors used by shifts and reports. */
export const areaClustersResource = defineResource({
  key: 'area_clusters',
  url: 'beesline/area_cluster',
  title: 'Area clusters',
  route: null,
  permission: 'LOCATIONS',
  readPermission: null,
  table: 'areaClusters',
  defaultSort: 'name',
  fields: [
    uniqueNameField(120),
    {
      name: 'sector_ids',
      label: 'Sectors',
      type: 'multireference',
      required: true,
      reference: { url: 'geo/sectors', labelField: 'name', perPage: 100 },
    },
  ],
  presented: { sectors_label: z.string() },
});

export default areaClustersResource;
