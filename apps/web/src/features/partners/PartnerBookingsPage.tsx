import { Alert, Stack } from '@mui/material';
import { PARTNER_MSG, partnerPolicy } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { usePolicy } from '../auth/currentUser';
import { usePartner } from './api';
import { PartnerBookingForm } from './PartnerBookingForm';
import { PartnerBookingsList } from './PartnerBookingsList';
import { PartnerGuestsList } from './PartnerGuestsList';
import { PartnerInvoicesList } from './PartnerInvoicesList';

/** The partner desk: a hotel's, restaurant's or company's staff book for their guests and follow their bookings. */
export default function PartnerBookingsPage() {
  useTranslation();
  const allows = usePolicy();
  const mayUse = allows(partnerPolicy.desk);
  const partner = usePartner(mayUse);
  if (!mayUse) return <Alert severity="info">{PARTNER_MSG.noPartner}</Alert>;
  return (
    <Stack direction={{ xs: 'column', xl: 'row' }} spacing={2} sx={{ alignItems: { xs: 'stretch', xl: 'flex-start' } }}>
      {partner.data && <PartnerBookingForm partner={partner.data} />}
      <Stack spacing={2} sx={{ flex: 1, minWidth: 0 }}>
        <PartnerBookingsList partner={partner.data} />
        <PartnerGuestsList />
        <PartnerInvoicesList />
      </Stack>
    </Stack>
  );
}
