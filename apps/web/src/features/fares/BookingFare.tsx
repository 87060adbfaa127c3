import { Alert, Box, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { FareQuoteDto } from '@taxi/shared';
import { useTranslation } from 'react-i18next';
import { apiData, endpoints } from '../../api/endpoints';
import { formatEuros } from '../../i18n/format';
import { FareBreakdown } from './FareBreakdown';
import { fareKeys } from './keys';

function Quote({ title, quote, testId }: { title: string; quote: FareQuoteDto; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography variant="body1" sx={{ fontWeight: 700 }} dir="ltr">
          {formatEuros(quote.euros)}
        </Typography>
      </Stack>
      <FareBreakdown quote={quote} />
    </Box>
  );
}

/** A booking's estimate and, once paid, its final price, each with the reasons the fare engine gives. */
export function BookingFare({ bookingId }: { bookingId: number }) {
  const { t } = useTranslation();
  const fare = useQuery({
    queryKey: fareKeys.booking(bookingId),
    queryFn: ({ signal }) => apiData(endpoints.bookingFare, { params: { id: bookingId }, signal }),
  });
  if (fare.isPending) return <CircularProgress size={20} aria-label={t('Loading')} />;
  if (fare.isError) return <Alert severity="error">{t('The fare could not be loaded.')}</Alert>;
  const { estimate, final } = fare.data;
  if (!estimate && !final)
    return (
      <Typography variant="body2" color="textSecondary">
        {t('No fare was estimated for this order.')}
      </Typography>
    );
  return (
    <Stack spacing={1} divider={<Divider flexItem />}>
      {estimate && <Quote title={t('Estimated fare')} quote={estimate} testId="fare-estimate-of-booking" />}
      {final && <Quote title={t('Final price')} quote={final} testId="fare-final-of-booking" />}
    </Stack>
  );
}
