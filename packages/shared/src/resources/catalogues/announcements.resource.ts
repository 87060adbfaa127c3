import { defineResource } from '../define';

/**
 * Drivers' announcements (/announcements/, CAPTAINS): what captains see in their app between valid from
 * and valid until, once published. The server refuses a period that ends before it starts
 * (announcements.server.ts) and serves the captain app the ones valid now (CaptainInboxService).
 */
export const announcementsResource = defineResource({
  key: 'announcements',
  url: 'announcements',
  title: 'Drivers announcements',
  route: 'DriversAnnouncements',
  permission: 'CAPTAINS',
  table: 'announcements',
  defaultSort: 'valid_from',
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, max: 120, sortable: true, searchable: true },
    { name: 'body', label: 'Message', type: 'textarea', required: true, max: 2000, searchable: true },
    { name: 'valid_from', label: 'Valid from', type: 'datetime', required: true, sortable: true },
    { name: 'valid_until', label: 'Valid until', type: 'datetime', required: true, sortable: true },
    { name: 'published', label: 'Published', type: 'boolean', sortable: true, default: false },
  ],
});

export default announcementsResource;
