import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Collapse,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { PARTNER_INVOICE_UI, type PartnerInvoiceDto } from '@taxi/shared';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiData, endpoints } from '../../api/endpoints';
import { ExportCsvButton } from '../../components/ExportCsvButton';
import { FetchState } from '../../components/FetchState';
import { formatDateTime, formatEuros } from '../../i18n/format';
import { partnerKeys } from './api';
import { InvoicePdfButton } from './InvoicePdfButton';

function Lines({ invoice }: { invoice: PartnerInvoiceDto }) {
  const ui = PARTNER_INVOICE_UI;
  return (
    <Table size="small" aria-label={ui.details} data-testid="partner-invoice-lines">
      <TableHead>
        <TableRow>
          <TableCell>{ui.date}</TableCell>
          <TableCell>{ui.guest}</TableCell>
          <TableCell>{ui.from}</TableCell>
          <TableCell>{ui.to}</TableCell>
          <TableCell align="right">{ui.amount}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {invoice.lines.map((l) => (
          <TableRow key={l.booking_id}>
            <TableCell>{formatDateTime(l.at)}</TableCell>
            <TableCell>{l.passenger}</TableCell>
            <TableCell>{l.pickup}</TableCell>
            <TableCell>{l.dropoff ?? ''}</TableCell>
            <TableCell align="right">{formatEuros(l.amount)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * A partner's invoices as its billing makes them: a month's paid rides, or each ride on its own. The desk reads
 * its own; staff (`partnerId`) read any partner's, with a CSV of each invoice's rides and of them all, and
 * each invoice as a PDF.
 */
export function PartnerInvoicesList({ partnerId }: { partnerId?: number } = {}) {
  useTranslation();
  const ui = PARTNER_INVOICE_UI;
  const [open, setOpen] = useState<string | null>(null);
  const query = useQuery({
    queryKey: partnerId === undefined ? partnerKeys.invoices : partnerKeys.invoicesOf(partnerId),
    queryFn: ({ signal }) =>
      partnerId === undefined
        ? apiData(endpoints.partnerInvoices, { signal })
        : apiData(endpoints.partnerInvoicesOf, { params: { id: partnerId }, signal }),
  });
  const csv = (key?: string) =>
    partnerId !== undefined && (
      <ExportCsvButton
        endpoint={endpoints.partnerInvoicesCsv}
        params={{ id: partnerId }}
        filter={key ? { key } : undefined}
        label={key ? ui.exportOne(key) : undefined}
      />
    );
  const invoices = query.data?.invoices ?? [];
  const perRide = query.data?.billing === 'per_ride';
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="partner-invoices">
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {ui.title}
        </Typography>
        {invoices.length > 0 && csv()}
      </Stack>
      <FetchState query={query} />
      {query.isSuccess && invoices.length === 0 && (
        <Typography color="textSecondary">{partnerId === undefined ? ui.empty : ui.staffEmpty}</Typography>
      )}
      {invoices.length > 0 && (
        <TableContainer sx={{ maxHeight: 420 }}>
          <Table size="small" stickyHeader aria-label={ui.title}>
            <TableHead>
              <TableRow>
                <TableCell>{perRide ? ui.ride : ui.month}</TableCell>
                <TableCell align="right">{ui.rides}</TableCell>
                <TableCell align="right">{ui.total}</TableCell>
                <TableCell padding="checkbox" />
                {partnerId !== undefined && <TableCell padding="checkbox" />}
              </TableRow>
            </TableHead>
            <TableBody>
              {invoices.map((invoice) => (
                <Fragment key={invoice.key}>
                  <TableRow data-testid="partner-invoice">
                    <TableCell>
                      {perRide ? ui.rideOf(invoice.lines[0]?.booking_id ?? 0) : <span dir="ltr">{invoice.month}</span>}
                    </TableCell>
                    <TableCell align="right">{invoice.rides}</TableCell>
                    <TableCell align="right">{formatEuros(invoice.total)}</TableCell>
                    <TableCell padding="checkbox">
                      <IconButton
                        size="small"
                        aria-label={`${ui.details} ${invoice.month}`}
                        aria-expanded={open === invoice.key}
                        onClick={() => setOpen(open === invoice.key ? null : invoice.key)}
                      >
                        {open === invoice.key ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                      </IconButton>
                    </TableCell>
                    {partnerId !== undefined && (
                      <TableCell padding="checkbox">
                        <Stack direction="row" spacing={1}>
                          {csv(invoice.key)}
                          <InvoicePdfButton partnerId={partnerId} invoiceKey={invoice.key} />
                        </Stack>
                      </TableCell>
                    )}
                  </TableRow>
                  <TableRow>
                    <TableCell
                      colSpan={partnerId === undefined ? 4 : 5}
                      sx={{ py: 0, borderBottom: open === invoice.key ? undefined : 0 }}
                    >
                      <Collapse in={open === invoice.key} unmountOnExit>
                        <Lines invoice={invoice} />
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
