import { useSyncExternalStore } from 'react';
import { INITIAL_VOICE, reduceVoice, type VoiceEvent, type VoiceSnapshot, voiceStateOf } from './machine';

/**
 * The softphone's snapshot outside React (like the socket's status in api/socket.ts): the UA and session
 * modules dispatch events, components read it with useVoice. One snapshot object per change, so React's
 * comparison is by reference.
 */
let snapshot: VoiceSnapshot = INITIAL_VOICE;
const listeners = new Set<() => void>();

export function dispatchVoice(event: VoiceEvent): void {
  const next = reduceVoice(snapshot, event);
  if (next === snapshot) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

export function getVoice(): VoiceSnapshot {
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVoice(): VoiceSnapshot {
  return useSyncExternalStore(subscribe, getVoice);
}

/** Only the toolbar state (re-renders only when it changes: a click-to-call button per row stays quiet). */
export function useVoiceState() {
  return useSyncExternalStore(subscribe, () => voiceStateOf(snapshot));
}
