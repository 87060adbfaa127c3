import { defineResource } from '../define';

export const captainCancellationReasonsResource = defineResource({
  key: 'captain_cancellation_reasons',
  url: 'captain_cancellation_reasons',
  title: 'Captain cancellation reasons',
  route: 'CaptainCancellationReasons',
  permission: 'DISPATCHING',
  readPermission: null,
  table: 'captainCancellationReasons',
  fields: [
    {
      name: 'text',
      label: 'Reason',
      type: 'text',
      required: true,
      max: 200,
      sortable: true,
      searchable: true,
      dataName: true,
    },
  ],
});

export default captainCancellationReasonsResource;
