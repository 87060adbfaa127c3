import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import { dataDirSecret } from '../../lib/secret';

/**
 * The voice keys. `sip` signs the softphones' ephemeral credentials (Kamailio's auth_ephemeral checks
 * them with the same key); `api` is what Kamailio sends as X-Voice-Key when it asks the API. Both come
 * from VOICE_SECRET, else from the server secret, so `npm run voice` derives the same ones.
 */
export interface VoiceKeys {
  sip: string;
  api: string;
}

export function voiceKeys(config: Config): VoiceKeys {
  const root = config.voice?.secret ?? config.appSecret ?? dataDirSecret(config.dataDir);
  const derive = (label: string) => createHmac('sha256', root).update(label).digest('base64url');
  return { sip: config.voice?.secret ?? derive('voice-sip'), api: derive('voice-api') };
}

/** auth_ephemeral's password for a username (`<expiry>:<user>`): base64 of HMAC-SHA1 with the key. */
export function ephemeralPassword(key: string, username: string): string {
  return createHmac('sha1', key).update(username).digest('base64');
}
