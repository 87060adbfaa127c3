import type { PushSubscriptionBody } from '@taxi/shared';
import { api, apiData, endpoints } from '../../api/endpoints';

/** Set once the user refused notifications here: the console does not ask again. */
export const PUSH_REFUSED_KEY = 'taxi.push.refused';
/** The service worker (apps/web/public/sw.js): it shows the messages and opens the console on a click. */
const WORKER_URL = '/sw.js';
const WORKER_SCOPE = '/';

/** This browser can receive web push (a secure context with Notification, service workers and PushManager). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'Notification' in window &&
    'serviceWorker' in navigator &&
    'PushManager' in window
  );
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** The browser's subscription as the server takes it. */
function bodyOf(subscription: PushSubscription): PushSubscriptionBody | null {
  const { endpoint, expirationTime, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) return null;
  return { endpoint, expirationTime: expirationTime ?? null, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** Asks for the permission unless it was refused before: true when notifications may be shown. */
async function permitted(): Promise<boolean> {
  if (Notification.permission === 'granted') return true;
  if (Notification.permission === 'denied' || localStorage.getItem(PUSH_REFUSED_KEY)) return false;
  const answer = await Notification.requestPermission();
  // Only a refusal is remembered: a question left unanswered may be asked at the next sign-in.
  if (answer === 'denied') localStorage.setItem(PUSH_REFUSED_KEY, '1');
  return answer === 'granted';
}

/**
 * Registers this browser for web push (shell.md §4: once the chat connection is up): the permission,
 * asked once; the service worker; a subscription under the server's VAPID public key (a subscription made
 * under another key is replaced); and the subscription sent to the server, which pushes notifications to it.
 */
export async function registerPush(): Promise<void> {
  if (!pushSupported() || !(await permitted())) return;
  await navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE });
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await apiData(endpoints.pushPublicKey);
  const key = base64UrlBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const body = bodyOf(subscription);
  if (body) await api(endpoints.pushSubscribe, { body });
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(WORKER_SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Logging out: the server forgets this browser's subscription (while the token still works), then the
 * browser drops it. Never fails: a logout goes on whatever happens here.
 */
export async function unregisterPush(): Promise<void> {
  try {
    const subscription = await currentSubscription();
    if (!subscription) return;
    try {
      await api(endpoints.pushUnsubscribe, { body: { endpoint: subscription.endpoint } });
    } finally {
      await subscription.unsubscribe();
    }
  } catch (error) {
    console.warn('web push: unsubscribing failed', error);
  }
}

/**
 * The session ended without a logout call (an expired or revoked token): the browser drops its
 * subscription, so the push service refuses the next message and the server deletes it.
 */
export async function dropPushSubscription(): Promise<void> {
  try {
    await (await currentSubscription())?.unsubscribe();
  } catch (error) {
    console.warn('web push: unsubscribing failed', error);
  }
}
