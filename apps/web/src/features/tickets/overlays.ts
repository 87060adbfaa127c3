import type { FeatureOverlays } from '../../app/overlays';
import { NewTicketOverlay } from './NewTicketOverlay';

export const overlays: FeatureOverlays = [NewTicketOverlay];
