import type { FeatureOverlays } from '../../app/overlays';
import { LateNoticeStack } from './LateNoticeStack';

export const overlays: FeatureOverlays = [LateNoticeStack];
