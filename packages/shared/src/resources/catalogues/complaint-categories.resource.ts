import { dataNameField, defineResource } from '../define';

/**
 * Complaint categories (people.md §3: id, name): the list the ride page's category picker reads through
 * GET complaint-category, so a category added here is offered there at once.
 */
export const complaintCategoriesResource = defineResource({
  key: 'complaint_categories',
  url: 'complaint_categories',
  title: 'Complaint categories',
  route: 'ComplaintCategories',
  permission: 'COMPLAINTS',
  table: 'complaintCategories',
  fields: [dataNameField(80)],
});

export default complaintCategoriesResource;
