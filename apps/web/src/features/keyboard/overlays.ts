import type { FeatureOverlays } from '../../app/overlays';
import { KeyboardOverlay } from './KeyboardOverlay';

export const overlays: FeatureOverlays = [KeyboardOverlay];
