import { pushPolicy } from '@taxi/shared';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { usePolicy } from '../auth/currentUser';
import { useChatToken } from '../messages/useChatToken';
import { pushSupported, registerPush } from './registration';

/** What the service worker posts when a notification is clicked while the console is open. */
interface NavigateMessage {
  type: 'taxi:navigate';
  url: string;
}

const isNavigate = (data: unknown): data is NavigateMessage =>
  typeof data === 'object' &&
  data !== null &&
  (data as NavigateMessage).type === 'taxi:navigate' &&
  typeof (data as NavigateMessage).url === 'string' &&
  (data as NavigateMessage).url.startsWith('/') &&
  !(data as NavigateMessage).url.startsWith('//');

/**
 * Web push in the signed-in shell (mounted once in ProtectedRoot): once the chat connection is up (its
 * token query succeeded), registers this browser for push; a click on a notification moves the console
 * to its page.
 */
export function PushRegistration() {
  const chatUp = useChatToken().isSuccess;
  const allowed = usePolicy()(pushPolicy.subscribe);
  const navigate = useNavigate();

  useEffect(() => {
    if (!chatUp || !allowed) return;
    registerPush().catch((error: unknown) => console.warn('web push: registration failed', error));
  }, [chatUp, allowed]);

  useEffect(() => {
    if (!pushSupported()) return;
    const onMessage = (event: MessageEvent) => {
      if (isNavigate(event.data)) void navigate(event.data.url);
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [navigate]);

  return null;
}
