import type { FeatureOverlays } from '../../app/overlays';
import { VoiceOverlay } from './CallCard';

export const overlays: FeatureOverlays = [VoiceOverlay];
