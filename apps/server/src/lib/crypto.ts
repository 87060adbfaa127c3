import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** HMAC-SHA-256 of `value` under `key`, hex. */
export const hmacSha256 = (key: string | Buffer, value: string) =>
  createHmac('sha256', key).update(value).digest('hex');

/**
 * A key for one purpose derived from the server secret (HMAC of the purpose's label), so one secret
 * can key several things without one use's outputs serving another's.
 */
export const deriveKey = (secret: string, purpose: string): Buffer =>
  createHmac('sha256', secret).update(purpose).digest();

/** 32 random bytes, base64url. */
export const randomToken = () => randomBytes(32).toString('base64url');

export function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String(randomInt(0, 10));
  return out;
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
