import { defineResource } from '../define';
import { pointFields } from '../geo-fields';

export const LANDMARK_CATEGORIES = ['monument', 'museum', 'park', 'transport', 'venue', 'port', 'other'] as const;

/** Landmarks (/landmarks, LANDMARK_MANAGEMENT): a category and aliases the pickers search too. */
export const landmarksResource = defineResource({
  key: 'landmarks',
  url: 'landmarks',
  title: 'Landmarks',
  route: 'Landmarks',
  createRoute: 'LandmarksAdd',
  itemRoute: 'Landmark',
  permission: 'LANDMARK_MANAGEMENT',
  pointPicker: true,
  table: 'landmarks',
  defaultSort: 'name',
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, max: 120, sortable: true, searchable: true },
    {
      name: 'category',
      label: 'Category',
      type: 'select',
      required: true,
      sortable: true,
      default: 'other',
      options: [
        { value: 'monument', label: 'Monument' },
        { value: 'museum', label: 'Museum' },
        { value: 'park', label: 'Park' },
        { value: 'transport', label: 'Transport' },
        { value: 'venue', label: 'Venue' },
        { value: 'port', label: 'Port' },
        { value: 'other', label: 'Other' },
      ],
    },
    {
      name: 'aliases',
      label: 'Aliases',
      type: 'text',
      max: 300,
      searchable: true,
      helper: 'Other names, separated by commas',
    },
    ...pointFields,
  ],
});

export default landmarksResource;
