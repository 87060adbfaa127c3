import { CircularProgress, Grid, Stack, Typography } from '@mui/material';
import { RATING_SIDES, RATING_UI, type RatingSide, type RideRatingDto } from '@taxi/shared';
import { dataLabel } from '@taxi/shared/i18n';
import { useTranslation } from 'react-i18next';
import { FetchState } from '../../components/FetchState';
import { formatDateTime } from '../../i18n/format';
import { Field } from '../rides/Field';
import { useBookingRatings } from './api';
import { Stars } from './Stars';

/** One side's rating of the ride, or 'Not rated'. */
function SideRating({ by, rating }: { by: RatingSide; rating: RideRatingDto | null }) {
  return (
    <Stack spacing={0.75} data-testid={`ride-rating-${by}`}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {RATING_UI.bySide[by]}
      </Typography>
      {rating ? (
        <>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Stars value={rating.stars} />
            <Typography variant="caption" color="textSecondary">
              {formatDateTime(rating.created_at)}
            </Typography>
          </Stack>
          {rating.cause_name && <Field label={RATING_UI.cause}>{dataLabel(rating.cause_name)}</Field>}
          {rating.comment && <Field label={RATING_UI.comment}>{rating.comment}</Field>}
        </>
      ) : (
        <Typography variant="body2" color="textSecondary">
          {RATING_UI.notRated}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * The ride's two ratings: the passenger's of the captain and the captain's of the passenger, with their
 * stars, cause and comment; a plain sentence while nobody has rated the ride.
 */
export function RideRatings({ bookingId, status }: { bookingId: number; status: string }) {
  useTranslation();
  const ratings = useBookingRatings(bookingId, status);
  if (ratings.isPending) return <CircularProgress size={20} />;
  if (!ratings.isSuccess) return <FetchState query={ratings} />;
  const { data } = ratings;
  if (!data.passenger && !data.captain)
    return (
      <Typography variant="body2" color="textSecondary" data-testid="ride-ratings-empty">
        {RATING_UI.noRatings}
      </Typography>
    );
  return (
    <Grid container spacing={2}>
      {RATING_SIDES.map((by) => (
        <Grid key={by} size={{ xs: 12, sm: 6 }}>
          <SideRating by={by} rating={data[by]} />
        </Grid>
      ))}
    </Grid>
  );
}
