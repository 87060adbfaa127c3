import { Chip, Skeleton } from '@mui/material';
import { TERMS_MSG, type TermsAudience } from '@taxi/shared';
import { formatDateTime } from '../../i18n/format';
import { useTermsStatus } from './api';

/** Where the person stands with the current terms of their audience: accepted, behind, or never. */
export function TermsChip({ audience, id }: { audience: TermsAudience; id: number }) {
  const s = useTermsStatus(audience, id).data;
  if (!s) return <Skeleton width={160} />;
  if (s.current_version === null) return <Chip size="small" label={TERMS_MSG.noTerms} />;
  if (s.up_to_date && s.accepted_version !== null)
    return (
      <Chip
        size="small"
        color="success"
        variant="outlined"
        label={TERMS_MSG.upToDate(s.accepted_version, formatDateTime(s.accepted_at))}
        data-testid="terms-status"
      />
    );
  return (
    <Chip
      size="small"
      color="warning"
      label={
        s.accepted_version === null
          ? TERMS_MSG.never(s.current_version)
          : TERMS_MSG.outdated(s.accepted_version, s.current_version)
      }
      data-testid="terms-status"
    />
  );
}
