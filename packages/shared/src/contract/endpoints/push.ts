import { endpoint } from '../endpoint';
import { type PushSubscriptionBody, pushContract } from '../push';

/** Web push: the VAPID key, and this browser's subscription (shell.md §4). */
export const pushEndpoints = {
  pushPublicKey: endpoint()('GET', 'push/public_key', pushContract.publicKey),
  pushSubscribe: endpoint<undefined, PushSubscriptionBody>()('POST', 'push/subscribe', pushContract.subscribe),
  pushUnsubscribe: endpoint<undefined, { endpoint: string }>()('DELETE', 'push/subscribe', pushContract.unsubscribe),
};
