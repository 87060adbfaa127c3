import { binaryBody } from './envelope';

export const filesContract = {
  /** An uploaded file (ID card image, complaint audio) or a demo card (SVG). */
  file: binaryBody('The stored bytes: a JPEG, PNG or WebP image, a WAV recording or an SVG card'),
};
