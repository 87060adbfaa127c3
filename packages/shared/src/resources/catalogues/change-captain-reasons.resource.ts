import { defineResource } from '../define';

export const changeCaptainReasonsResource = defineResource({
  key: 'change_captain_reasons',
  url: 'change_captain_reasons',
  title: 'Change captain reasons',
  route: 'ChangeCaptainReasons',
  permission: 'DISPATCHING',
  readPermission: null,
  table: 'changeCaptainReasons',
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

export default changeCaptainReasonsResource;
