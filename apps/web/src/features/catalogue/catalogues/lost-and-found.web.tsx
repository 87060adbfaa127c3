import { lostAndFoundResource } from '@taxi/shared';
import LostAndFoundListPage from '../../lost-and-found/LostAndFoundListPage';
import LostItemEditPage from '../../lost-and-found/LostItemEditPage';
import { LostItemForm } from '../../lost-and-found/LostItemForm';
import { defineCatalogueWeb } from '../web';

/** Lost and found: its own list (filters) and edit page (status, messages, history); the create page is generic with its form. */
export default defineCatalogueWeb(lostAndFoundResource, {
  Form: LostItemForm,
  pages: { list: LostAndFoundListPage, item: LostItemEditPage },
});
