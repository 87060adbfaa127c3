import { Chip } from '@mui/material';
import { type CompanyRequestStatus, companyRequestStatusLabel } from '@taxi/shared';
import { useTranslation } from 'react-i18next';

const COLOUR = { pending: 'warning', approved: 'success', rejected: 'default' } as const;

/** A request's status, outlined in the theme's colour of its state. */
export function StatusChip({ status }: { status: CompanyRequestStatus }) {
  useTranslation();
  return <Chip size="small" variant="outlined" color={COLOUR[status]} label={companyRequestStatusLabel(status)} />;
}
