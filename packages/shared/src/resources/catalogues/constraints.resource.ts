import { CAPABILITY_LABELS, CAPTAIN_CAPABILITIES } from '../../fleet';
import { defineResource } from '../define';

/** Booking constraints (/constraints): static ones are part of the order, dynamic ones may be lifted. */
export const constraintsResource = defineResource({
  key: 'constraints',
  url: 'constraints',
  title: 'Constraints',
  route: 'Constraints',
  createRoute: 'ConstraintsCreate',
  itemRoute: 'ConstraintsEdit',
  permission: 'CONSTRAINTS',
  readPermission: null,
  table: 'constraints',
  fields: [
    {
      name: 'constraint_name',
      label: 'Name',
      type: 'text',
      required: true,
      max: 60,
      sortable: true,
      searchable: true,
      unique: true,
      dataName: true,
    },
    { name: 'abbreviation', label: 'Abbreviation', type: 'text', required: true, max: 6, sortable: true },
    {
      name: 'kind',
      label: 'Kind',
      type: 'select',
      required: true,
      default: 'static',
      options: [
        { value: 'static', label: 'Static' },
        { value: 'dynamic', label: 'Dynamic' },
      ],
    },
    {
      name: 'capability',
      label: 'Captain must offer',
      type: 'select',
      required: true,
      options: CAPTAIN_CAPABILITIES.map((value) => ({ value, label: CAPABILITY_LABELS[value] })),
    },
  ],
});

export default constraintsResource;
