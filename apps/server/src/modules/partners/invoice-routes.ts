import {
  partnersContract as contract,
  dateToCityLocal,
  dbId,
  MSG,
  PARTNER_INVOICE_CSV_HEADER,
  PARTNER_INVOICE_KEY,
  partnerInvoiceLines,
  partnerInvoices,
  partnerPolicy,
} from '@taxi/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvTranslator, sendCsv } from '../../http/csv';
import { ok } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { requestLanguage } from '../../http/i18n';
import { replies } from '../../http/schema';
import { invoicePdf } from './invoice-pdf';
import { partnerBilledRides, partnerSummary } from './queries';
import { invoicesOfPartner } from './service';

const idParams = z.object({ id: dbId(MSG.notFound) });
// An invoice's key has its one shape (a month or a ride): it names the file too, so nothing else gets through.
const invoiceKey = z.string().trim().regex(PARTNER_INVOICE_KEY);
const csvQuery = z.object({ key: invoiceKey.optional() });
const pdfQuery = z.object({ key: invoiceKey });
const STAFF = { policy: partnerPolicy.invoices };

/**
 * Staff: any partner's invoices on its page, their lines as CSV (for the accounts department) and each one
 * as a PDF (to send the partner).
 */
export const partnerInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/partners/:id/invoices',
    { config: STAFF, schema: replies(contract.invoices, { params: idParams }) },
    async (request) => ok(await invoicesOfPartner(app.db, request.params.id)),
  );
  app.get(
    '/partners/:id/invoices/export.csv',
    { config: STAFF, schema: replies(contract.invoicesCsv, { params: idParams, querystring: csvQuery }) },
    async (request, reply) => {
      const { invoices } = await invoicesOfPartner(app.db, request.params.id);
      const lines = partnerInvoiceLines(invoices, request.query.key);
      const translate = csvTranslator(request);
      return sendCsv(reply, {
        name: `partner_${request.params.id}_invoices${request.query.key ? `_${request.query.key}` : ''}`,
        date: dateToCityLocal(new Date(app.clock.now())).slice(0, 10),
        total: lines.length,
        header: PARTNER_INVOICE_CSV_HEADER.map(translate),
        batches: (async function* () {
          yield lines;
        })(),
        row: (l) => [
          l.invoice,
          l.month,
          l.booking_id,
          dateToCityLocal(new Date(l.at)),
          l.passenger,
          l.pickup,
          l.dropoff ?? '',
          l.amount,
        ],
      });
    },
  );
  app.get(
    '/partners/:id/invoices/export.pdf',
    { config: STAFF, schema: replies(contract.invoicePdf, { params: idParams, querystring: pdfQuery }) },
    async (request, reply) => {
      const partner = await partnerSummary(app.db, request.params.id);
      const invoices = partnerInvoices(partner.billing, await partnerBilledRides(app.db, partner.id));
      const invoice = invoices.find((i) => i.key === request.query.key);
      if (!invoice) throw notFound();
      const issued = app.clock.now();
      const pdf = await invoicePdf({
        partner,
        billing: partner.billing,
        invoice,
        issued,
        language: requestLanguage(request),
      });
      const date = dateToCityLocal(new Date(issued)).slice(0, 10);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="partner_${partner.id}_invoice_${invoice.key}-${date}.pdf"`,
        )
        .header('cache-control', 'no-store')
        .header('access-control-expose-headers', 'Content-Disposition')
        .send(pdf);
    },
  );
};
