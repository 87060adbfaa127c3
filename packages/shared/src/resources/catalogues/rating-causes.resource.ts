import { defineResource } from '../define';

export const RATING_CAUSE_TARGETS = [
  { value: 'captain', label: 'Captain' },
  { value: 'passenger', label: 'Passenger' },
] as const;

export const ratingCausesResource = defineResource({
  key: 'rating_causes',
  url: 'rating_causes',
  title: 'Rating causes',
  route: 'RatingCauses',
  permission: 'SETTINGS',
  readPermission: null,
  table: 'ratingCauses',
  fields: [
    {
      name: 'name',
      label: 'Cause',
      type: 'text',
      required: true,
      max: 120,
      sortable: true,
      searchable: true,
      dataName: true,
    },
    {
      name: 'target',
      label: 'Rated person',
      type: 'select',
      required: true,
      options: RATING_CAUSE_TARGETS,
      sortable: true,
    },
  ],
});

export default ratingCausesResource;
