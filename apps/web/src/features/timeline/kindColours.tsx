import { Box } from '@mui/material';
import type { StoryKind, TimelineKind } from '@taxi/shared';

type PaletteKey = 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

/** Each kind's colour from the theme's palette (chips and axis marks), the same in both schemes. */
export const KIND_COLOUR: Record<TimelineKind, PaletteKey> = {
  booking: 'primary',
  dispatch: 'info',
  cancellation: 'error',
  complaint: 'warning',
  ticket: 'secondary',
  staff: 'success',
};

export const STORY_COLOUR: Record<StoryKind, PaletteKey> = {
  log: 'primary',
  offer: 'info',
  geofence: 'success',
  chat: 'secondary',
  complaint: 'warning',
};

/** A kind's mark: a dot in its colour beside a label in the text's own colour (coloured text on an outline
 * would not keep 4.5:1 in both schemes). */
export function KindDot({ colour }: { colour: PaletteKey }) {
  return <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: `${colour}.main`, ml: 1 }} />;
}
