import { Link, Stack, Typography } from '@mui/material';
import { bookingPolicy, pathTo, RATING_UI, type RideRatingDto } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FetchState } from '../../components/FetchState';
import { RowsTable, type TableColumn } from '../../components/RowsTable';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { usePolicy } from '../auth/currentUser';
import { useCaptainRating } from './api';
import { Stars } from './Stars';

/** The captain's average stars and how many ratings it comes from (the profile card's value). */
export function CaptainRatingSummary({ captainId }: { captainId: number }) {
  useTranslation();
  const rating = useCaptainRating(captainId);
  if (!rating.isSuccess) return rating.isError ? <FetchState query={rating} /> : '…';
  const { average, count } = rating.data;
  if (average === null || count === 0)
    return (
      <Typography variant="body2" color="textSecondary" component="span" data-testid="captain-rating-empty">
        {RATING_UI.captainNotRated}
      </Typography>
    );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} data-testid="captain-rating">
      <Stars value={average} />
      <span>{formatNumber(average, 2)}</span>
      <Typography variant="caption" color="textSecondary" component="span">
        {RATING_UI.count(formatNumber(count))}
      </Typography>
    </Stack>
  );
}

/** The captain's latest low ratings (3 stars or fewer) with their causes, newest first. */
export function CaptainLowRatings({ captainId }: { captainId: number }) {
  const { i18n } = useTranslation();
  const allows = usePolicy();
  const rating = useCaptainRating(captainId);
  const linkRides = allows(bookingPolicy.read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels follow the language
  const columns = useMemo<readonly TableColumn<RideRatingDto>[]>(
    () => [
      { key: 'date', label: RATING_UI.date, render: (r) => formatDateTime(r.created_at) },
      {
        key: 'order',
        label: RATING_UI.order,
        render: (r) =>
          linkRides ? (
            <Link component={RouterLink} to={pathTo('Details', { id: r.booking_id })}>
              #{r.booking_id}
            </Link>
          ) : (
            `#${r.booking_id}`
          ),
      },
      { key: 'stars', label: RATING_UI.stars, render: (r) => <Stars value={r.stars} /> },
      { key: 'cause', label: RATING_UI.cause, render: (r) => (r.cause_name ? dataLabel(r.cause_name) : '—') },
      { key: 'comment', label: RATING_UI.comment, render: (r) => r.comment ?? '—', sx: { overflowWrap: 'anywhere' } },
    ],
    [i18n.language, linkRides],
  );
  return (
    <Stack spacing={1}>
      <FetchState query={rating} />
      <Typography variant="subtitle2">{RATING_UI.latestLow}</Typography>
      <RowsTable
        columns={columns}
        rows={rating.data?.low ?? []}
        rowKey={(r) => r.id}
        pending={rating.isPending}
        empty={RATING_UI.noLowRatings}
        testId="captain-low-ratings"
      />
    </Stack>
  );
}
