import { Stack } from '@mui/material';
import type { ResourceDef } from '@taxi/shared';
import { useParams } from 'react-router';
import { ResourceFormPage } from '../../components/DataTable/ResourcePage';
import { PartnerInvoicesList } from './PartnerInvoicesList';

/** A hotel's or restaurant's page for staff: its form, then its invoices (each one's rides as CSV). */
export function PartnerItemPage({ def }: { def: ResourceDef }) {
  const { id } = useParams();
  const partnerId = Number(id);
  return (
    <Stack spacing={2}>
      <ResourceFormPage def={def} mode="edit" />
      {Number.isInteger(partnerId) && partnerId > 0 && <PartnerInvoicesList partnerId={partnerId} />}
    </Stack>
  );
}
