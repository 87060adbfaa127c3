import { Rating } from '@mui/material';
import { RATING_STARS_MAX, RATING_UI } from '@taxi/shared';

/**
 * Read-only stars (a fraction for an average). The theme's warning colour for the filled stars, its disabled
 * action colour for the empty ones (light and dark alike); MUI mirrors them right to left in Arabic.
 */
export function Stars({ value, testId }: { value: number; testId?: string }) {
  return (
    <Rating
      value={value}
      max={RATING_STARS_MAX}
      precision={0.1}
      readOnly
      size="small"
      getLabelText={(n) => RATING_UI.starsOf(Math.round(n * 10) / 10)}
      data-testid={testId}
      data-stars={value}
      sx={{ color: 'warning.main', verticalAlign: 'middle', '& .MuiRating-iconEmpty': { color: 'action.disabled' } }}
    />
  );
}
