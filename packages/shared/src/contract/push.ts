import { z } from 'zod';
import { emptyEnvelope, envelope } from './envelope';

/** The longest push-service address accepted (real ones are a few hundred characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/**
 * A push service's host: a DNS name with a letter TLD (fcm.googleapis.com, updates.push.services.mozilla.com,
 * web.push.apple.com…). IP literals and single-label names (localhost) are refused: the server posts to
 * this address, so it must not be pointed at the machine itself or the local network by an address.
 */
const PUSH_HOST = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;

/** The push service's address of one browser subscription: https only. */
export const pushEndpointSchema = z.url({ protocol: /^https$/, hostname: PUSH_HOST }).max(PUSH_ENDPOINT_MAX_LENGTH);

/**
 * The browser's `PushSubscription.toJSON()`: the endpoint and its keys, base64url as browsers write them.
 * `p256dh` is an uncompressed P-256 point (65 bytes, first byte 4: "B…"), `auth` a 16-byte secret.
 */
export const pushSubscriptionSchema = z
  .object({
    endpoint: pushEndpointSchema,
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        p256dh: z.string().regex(/^B[A-Za-z0-9_-]{86}=?$/),
        auth: z.string().regex(/^[A-Za-z0-9_-]{22}(?:==)?$/),
      })
      .strict(),
  })
  .strict()
  .meta({ id: 'PushSubscription' });

/** DELETE push/subscribe: the subscription to forget (the caller's own only). */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(PUSH_ENDPOINT_MAX_LENGTH) }).strict();

export type PushSubscriptionBody = z.input<typeof pushSubscriptionSchema>;

/** What a push message carries to the service worker (apps/web/public/sw.js shows it). */
export interface PushMessage {
  title: string;
  body: string;
  /** The console's page to open on a click. */
  url: string;
  /** Replaces an earlier message with the same tag instead of stacking. */
  tag: string;
}

export const pushContract = {
  publicKey: envelope(z.object({ publicKey: z.string() }).meta({ id: 'PushPublicKey' })),
  subscribe: emptyEnvelope,
  /** `removed`: whether a subscription of the caller's was deleted (false: none had that endpoint). */
  unsubscribe: envelope(z.object({ removed: z.boolean() })),
};
