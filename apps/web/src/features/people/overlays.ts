import type { FeatureOverlays } from '../../app/overlays';
import { NewPassengerOverlay } from './NewPassengerOverlay';

export const overlays: FeatureOverlays = [NewPassengerOverlay];
