import type { FeatureOverlays } from '../../app/overlays';
import { BookingsOverlay } from './OrderSearchDialog';

export const overlays: FeatureOverlays = [BookingsOverlay];
