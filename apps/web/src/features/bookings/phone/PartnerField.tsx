import { Alert, AlertTitle, Button, Stack } from '@mui/material';
import { PARTNER_UI, type PartnerOptionDto } from '@taxi/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { endpoints } from '../../../api/endpoints';
import { RemotePicker } from '../../../components/pickers';
import type { PlaceValue } from './PlaceField';
import { type PartnerChoice, partnerChoice } from './partnerPick';

/**
 * The hotel, restaurant or company an order is booked for (optional; GET partners, searched by name). Its
 * limit and services are the server's to apply: its refusals show here (and on the service). When the
 * partner has an address on the map and the pickup is still empty, its place is offered as the pickup.
 */
export function PartnerField({
  value,
  onChange,
  offer,
  onUseOffer,
  error,
  fixed,
}: {
  value: PartnerChoice | null;
  onChange: (choice: PartnerChoice | null) => void;
  /** The partner's place, offered while the pickup is empty. */
  offer: PlaceValue | null;
  onUseOffer: (place: PlaceValue) => void;
  error?: string;
  /** An order being edited keeps the partner it was made for. */
  fixed?: boolean;
}) {
  useTranslation(); // re-render on a language change (the shared texts are read at render)
  const rows = useRef(new Map<number, PartnerOptionDto>());
  return (
    <Stack spacing={1}>
      <RemotePicker<PartnerOptionDto>
        label={PARTNER_UI.partner}
        endpoint={endpoints.partnerOptions}
        query={{ perPage: 20 }}
        searchable
        minChars={0}
        enabled={!fixed}
        size="small"
        what={PARTNER_UI.partner}
        value={value?.option ?? null}
        disabled={fixed}
        error={error}
        helperText={fixed ? PARTNER_UI.partnerFixed : PARTNER_UI.partnerHelper}
        testId="partner-picker"
        toOption={(row) => {
          rows.current.set(row.id, row);
          return partnerChoice(row).option;
        }}
        onChange={(option) => {
          const row = option ? rows.current.get(option.id) : undefined;
          onChange(row ? partnerChoice(row) : null);
        }}
      />
      {offer && (
        <Alert
          severity="info"
          data-testid="partner-pickup-offer"
          action={
            <Button color="inherit" size="small" onClick={() => onUseOffer(offer)} data-testid="use-partner-pickup">
              {PARTNER_UI.usePickup}
            </Button>
          }
        >
          <AlertTitle sx={{ mb: offer.details ? 0.25 : 0 }}>{PARTNER_UI.offerPickup(offer.name)}</AlertTitle>
          {offer.details}
        </Alert>
      )}
    </Stack>
  );
}
