import { existsSync } from 'node:fs';

/** Debian's Kamailio: the voice spec runs on it when installed (.ci/run installs it). */
export const VOICE = existsSync('/usr/sbin/kamailio');

/**
 * The queue the browser suite's servers run: one operator at a time, the longest idle first, each rung this
 * many seconds before the call moves on to the next (e2e/voice.spec.ts lets one phone ring out).
 */
export const VOICE_RING_SECONDS = 20;
export const VOICE_RING_STRATEGY = 'round_robin';
