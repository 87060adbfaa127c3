import type { FeatureOverlays } from '../../app/overlays';
import { AiPopups } from './AiPopups';

export const overlays: FeatureOverlays = [AiPopups];
