import { defineResource, uniqueNameField } from '../define';

/** Location containers (/location_containers, LOCATIONS): groups of named locations (a hotel's entrances, the port's quays). */
export const locationContainersResource = defineResource({
  key: 'location_containers',
  url: 'location_containers',
  title: 'Location containers',
  route: 'LocationContainers',
  createRoute: 'LocationContainersAdd',
  itemRoute: 'LocationContainer',
  permission: 'LOCATIONS',
  table: 'locationContainers',
  defaultSort: 'name',
  fields: [
    uniqueNameField(120),
    { name: 'description', label: 'Description', type: 'textarea', max: 1000, searchable: true },
  ],
});

export default locationContainersResource;
