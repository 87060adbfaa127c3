import { companiesResource, PARTNER_INVOICE_UI } from '@taxi/shared';
import { PartnerInvoicesList } from '../../partners/PartnerInvoicesList';
import { defineCatalogueWeb } from '../web';

/** Companies are edited from their list (no page of their own): a row opens to the company's invoices. */
export default defineCatalogueWeb(companiesResource, {
  renderExpanded: (row) => <PartnerInvoicesList partnerId={row.id} />,
  expandLabel: (row) => `${PARTNER_INVOICE_UI.title} ${row.name}`,
});
