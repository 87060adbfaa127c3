import type { FeatureOverlays } from '../../app/overlays';
import { RideDialog } from './RideDialog';

export { openRideDialog, useRideDialog } from './rideDialog';
export const overlays: FeatureOverlays = [RideDialog];
