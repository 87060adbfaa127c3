import { restaurantsResource } from '@taxi/shared';
import { PartnerItemPage } from '../../partners/PartnerItemPage';
import { defineCatalogueWeb } from '../web';

/** The generic list and form; the item page adds the partner's invoices. */
export default defineCatalogueWeb(restaurantsResource, {
  pages: { item: () => <PartnerItemPage def={restaurantsResource} /> },
});
