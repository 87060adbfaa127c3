import { voicePolicy } from '@taxi/shared';
import { useEffect } from 'react';
import { useCurrentUser, usePolicy } from '../auth/currentUser';
import { setVoiceOnline, startVoice, stopVoice } from './ua';

/**
 * Starts the voice-call connection of a user who takes calls (shell.md §2.2; voicePolicy.phone), follows
 * their online flag (offline: unregistered, no call offered) and stops it when they leave (logout, a new
 * session). Renders nothing.
 */
export function VoiceLifecycle({ token }: { token: string }) {
  const allowed = usePolicy()(voicePolicy.phone);
  const { online } = useCurrentUser();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the online flag is followed below; a new token is a new session (new credentials)
  useEffect(() => {
    if (!allowed) return;
    startVoice(online);
    return () => stopVoice();
  }, [allowed, token]);

  useEffect(() => {
    if (allowed) setVoiceOnline(online);
  }, [allowed, online]);
  return null;
}
