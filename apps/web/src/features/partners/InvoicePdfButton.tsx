import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button, CircularProgress } from '@mui/material';
import { fillPath, PARTNER_INVOICE_UI } from '@taxi/shared';
import { tr } from '@taxi/shared/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buildUrl } from '../../api/client';
import { endpoints } from '../../api/endpoints';
import { getToken } from '../../api/session';
import { toast } from '../../api/toast';
import { attachmentName } from '../../components/csvStream';
import { currentLanguage } from '../../i18n';

async function failure(response: Response): Promise<string> {
  const body = (await response.json().catch(() => undefined)) as { message?: unknown } | undefined;
  return typeof body?.message === 'string' && body.message ? body.message : response.statusText;
}

/** Saves the bytes through a temporary download link (as the CSV exports do). */
function saveFile(blob: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/**
 * Staff: downloads one of a partner's invoices as a PDF (GET partners/:id/invoices/export.pdf?key=), fetched
 * like the CSV exports: the bearer token, the console's language for the PDF's words, errors as toasts.
 */
export function InvoicePdfButton({ partnerId, invoiceKey }: { partnerId: number; invoiceKey: string }) {
  useTranslation();
  const ui = PARTNER_INVOICE_UI;
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const token = getToken();
      const endpoint = endpoints.partnerInvoicePdf;
      const response = await fetch(buildUrl(fillPath(endpoint.path, { id: partnerId }), { key: invoiceKey }), {
        headers: {
          Accept: 'application/pdf',
          'Accept-Language': currentLanguage(),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      });
      if (!response.ok) {
        toast.error(tr('The export failed: {{message}}', { message: await failure(response) }));
        return;
      }
      const blob = await response.blob();
      saveFile(
        new Blob([blob], { type: 'application/pdf' }),
        attachmentName(response.headers.get('content-disposition'), `invoice-${invoiceKey}.pdf`),
      );
    } catch (error) {
      toast.error(tr('The export failed: {{message}}', { message: (error as Error).message }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outlined"
      size="small"
      startIcon={busy ? <CircularProgress size={16} /> : <PictureAsPdfIcon />}
      onClick={() => void download()}
      disabled={busy}
      aria-label={ui.exportPdf(invoiceKey)}
      sx={{ flexShrink: 0, alignSelf: 'center', whiteSpace: 'nowrap' }}
      data-testid="export-pdf"
    >
      {ui.pdf}
    </Button>
  );
}
