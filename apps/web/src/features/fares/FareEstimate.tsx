import { Alert, Box, Collapse, Link, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { FareQuoteInput } from '@taxi/shared';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { apiData, endpoints } from '../../api/endpoints';
import { useDebounced } from '../../components/pickers/useDebounced';
import { formatEuros } from '../../i18n/format';
import { FareBreakdown } from './FareBreakdown';
import { fareKeys } from './keys';

/**
 * The phone booking's live estimate: asked again (debounced) whenever the service, the places, the stops,
 * the time or the passenger change, and when the season changes (the selector invalidates fare queries).
 */
export function FareEstimate({ input }: { input: FareQuoteInput | null }) {
  const { t } = useTranslation();
  const debounced = useDebounced(input, 400);
  const [open, setOpen] = useState(false);
  const breakdownId = useId();
  const quote = useQuery({
    queryKey: fareKeys.quote(debounced ?? ({} as FareQuoteInput)),
    queryFn: ({ signal }) => apiData(endpoints.fareQuote, { body: debounced as FareQuoteInput, signal }),
    enabled: debounced !== null,
    retry: false,
    staleTime: 30_000,
    // While a new estimate is asked, the last one stays (dimmed) rather than flickering away.
    placeholderData: (previous) => previous,
  });
  if (!input) {
    return (
      <Typography variant="body2" color="textSecondary" data-testid="fare-estimate">
        {t('Pick the pickup, the destination and the service to see the fare.')}
      </Typography>
    );
  }
  if (quote.isError) {
    const message = quote.error instanceof ApiError ? quote.error.message : t('The fare could not be estimated.');
    return (
      <Alert severity="info" data-testid="fare-estimate">
        {message}
      </Alert>
    );
  }
  if (!quote.data) {
    return (
      <Skeleton variant="text" width={180} aria-label={t('Estimating the fare…')} data-testid="fare-estimate-loading" />
    );
  }
  return (
    <Box data-testid="fare-estimate" aria-busy={quote.isFetching} sx={{ opacity: quote.isPlaceholderData ? 0.6 : 1 }}>
      <Typography variant="subtitle2" component="p">
        {t('Estimated fare')}:{' '}
        <Box component="span" dir="ltr" data-testid="fare-estimate-amount" sx={{ fontWeight: 700 }}>
          {formatEuros(quote.data.euros)}
        </Box>{' '}
        <Link
          component="button"
          type="button"
          variant="body2"
          aria-expanded={open}
          aria-controls={breakdownId}
          onClick={() => setOpen((v) => !v)}
        >
          {t('Why this price')}
        </Link>
      </Typography>
      <Collapse in={open} id={breakdownId}>
        <FareBreakdown quote={quote.data} />
      </Collapse>
    </Box>
  );
}
