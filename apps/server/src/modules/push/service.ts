import {
  MSG,
  type NotificationItem,
  type PushMessage,
  type PushSubscriptionBody,
  pathTo,
  pushPolicy,
} from '@taxi/shared';
import type { Language } from '@taxi/shared/i18n';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { translateMessage } from '../../http/i18n';
import { type Clock, dateOf } from '../../lib/clock';
import type { VapidKeys } from '../../lib/vapid';
import {
  deleteOwnSubscription,
  markFailed,
  markSent,
  type PushSubscriptionRow,
  removeSubscription,
  subscribedRecipients,
  subscriptionsOfUser,
  upsertSubscription,
} from './queries';
import { PushTransport } from './transport';

/** How long a push service keeps a message for a browser that is offline (a notification is stale after). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** The socket timeout of one send. */
const SEND_TIMEOUT_MS = 10_000;
/** The body is cut here: a push message carries about 4 kB once encrypted. */
const BODY_MAX_CHARS = 1000;

export interface PushDeps {
  db: Db;
  log: FastifyBaseLogger;
  clock: Clock;
  keys: VapidKeys;
  /** VAPID subject: the sender's contact (mailto: or https:). */
  subject: string;
}

/** What became of the sends to one user's subscriptions. */
export interface PushReport {
  sent: number;
  /** Subscriptions the push service no longer knows (404/410): deleted. */
  removed: number;
  failed: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    push: PushService;
  }
}

/** A notification as a push message, in the recipient's language (English when they chose none). */
export function notificationMessage(item: NotificationItem, language: Language | undefined): PushMessage {
  const lang = language ?? 'en';
  const body = translateMessage(lang, item.message);
  return {
    title: translateMessage(lang, MSG.notificationTitle),
    body: body.length > BODY_MAX_CHARS ? `${body.slice(0, BODY_MAX_CHARS - 1)}…` : body,
    url: pathTo('AllNotifications'),
    tag: `notification-${item.id}`,
  };
}

/**
 * Web push (shell.md §4): the browsers' subscriptions and the messages sent to them, signed with the
 * server's VAPID key pair and encrypted for each browser (RFC 8291 aes128gcm) by web-push. A push service
 * that answers 404 or 410 has dropped the subscription: it is deleted; other failures are counted on it.
 * Sends never fail their caller: failures are logged.
 */
export class PushService {
  private readonly deliveries = new Set<Promise<unknown>>();
  private readonly transport = new PushTransport();
  private readonly vapidDetails: { subject: string; publicKey: string; privateKey: string };

  constructor(private readonly deps: PushDeps) {
    this.vapidDetails = { subject: deps.subject, ...deps.keys };
    // A bad key pair or subject fails the start, not every send.
    webpush.getVapidHeaders(
      'https://push.example',
      deps.subject,
      deps.keys.publicKey,
      deps.keys.privateKey,
      'aes128gcm',
    );
  }

  get publicKey(): string {
    return this.deps.keys.publicKey;
  }

  subscribe(userId: number, subscription: PushSubscriptionBody, userAgent: string | null): Promise<void> {
    return upsertSubscription(this.deps.db, userId, subscription, userAgent);
  }

  /** Forgets the user's own subscription with this endpoint; false when they have none such. */
  unsubscribe(userId: number, endpoint: string): Promise<boolean> {
    return deleteOwnSubscription(this.deps.db, userId, endpoint);
  }

  /** Sends the message to every subscription of the user, at once; resolves when each has answered. */
  async sendToUser(userId: number, message: PushMessage): Promise<PushReport> {
    const subscriptions = await subscriptionsOfUser(this.deps.db, userId);
    const payload = JSON.stringify(message);
    const outcomes = await Promise.all(subscriptions.map((subscription) => this.send(subscription, payload)));
    return {
      sent: outcomes.filter((o) => o === 'sent').length,
      removed: outcomes.filter((o) => o === 'removed').length,
      failed: outcomes.filter((o) => o === 'failed').length,
    };
  }

  /**
   * Pushes a stored notification (NotificationService's onCreated hook): to its user, or (userId null) to
   * every staff member with a subscription, in each one's language; never to a staff member the push
   * policy refuses (the airport desk). Runs on its own: returns at once, errors are logged.
   */
  notify(item: NotificationItem, userId: number | null): void {
    this.track(
      (async () => {
        const recipients = await subscribedRecipients(this.deps.db, userId);
        await Promise.all(
          recipients
            .filter(({ actor }) => pushPolicy.subscribe.allows(actor))
            .map(({ actor, language }) => this.sendToUser(actor.id, notificationMessage(item, language))),
        );
      })().catch((error: unknown) =>
        this.deps.log.error({ err: error, notification: item.id }, 'pushing a notification failed'),
      ),
    );
  }

  /** Resolves once every delivery started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.deliveries.size > 0) await Promise.all([...this.deliveries]);
  }

  close(): void {
    this.transport.close();
  }

  private track(delivery: Promise<unknown>): void {
    const tracked = delivery.finally(() => this.deliveries.delete(tracked));
    this.deliveries.add(tracked);
  }

  private async send(subscription: PushSubscriptionRow, payload: string): Promise<'sent' | 'removed' | 'failed'> {
    const { db, log, clock } = this.deps;
    const origin = originOf(subscription.endpoint);
    const transport = this.transport.for(subscription.endpoint);
    if (!transport.ok) {
      log.warn({ subscription: subscription.id, origin, reason: transport.reason }, 'web push not sent');
      await markFailed(db, subscription.id);
      return 'failed';
    }
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        payload,
        {
          vapidDetails: this.vapidDetails,
          TTL: PUSH_TTL_SECONDS,
          urgency: 'normal',
          timeout: SEND_TIMEOUT_MS,
          ...(transport.agent ? { agent: transport.agent } : {}),
        },
      );
      await markSent(db, subscription.id, dateOf(clock));
      return 'sent';
    } catch (error) {
      const status = error instanceof webpush.WebPushError ? error.statusCode : undefined;
      if (status === 404 || status === 410) {
        await removeSubscription(db, subscription.id);
        return 'removed';
      }
      // The endpoint is a capability URL: logged by its origin only.
      log.warn({ subscription: subscription.id, origin, status, error: (error as Error).message }, 'web push failed');
      await markFailed(db, subscription.id);
      return 'failed';
    }
  }
}

function originOf(endpoint: string): string | undefined {
  try {
    return new URL(endpoint).origin;
  } catch {
    return undefined;
  }
}
