import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const isKeys = (value: unknown): value is VapidKeys =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as VapidKeys).publicKey === 'string' &&
  typeof (value as VapidKeys).privateKey === 'string';

function read(file: string): VapidKeys {
  const keys: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isKeys(keys)) throw new Error(`${file} holds no VAPID key pair ({ publicKey, privateKey })`);
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/**
 * The web push key pair kept in DATA_DIR/vapid.json: generated with web-push on first use (mode 0600,
 * never overwritten; a node that loses the race to create it reads the winner's). Nodes sharing a DATA_DIR
 * share it; nodes that do not must be given VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY instead.
 */
export function dataDirVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid.json');
  try {
    return read(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const { publicKey, privateKey } = webpush.generateVAPIDKeys();
  // Written whole under another name, then linked into place: a node starting at the same moment reads
  // either no file or a complete one, and the first link wins.
  const draft = `${file}.${randomBytes(6).toString('hex')}`;
  writeFileSync(draft, `${JSON.stringify({ publicKey, privateKey }, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return read(file);
  } finally {
    rmSync(draft, { force: true });
  }
  return { publicKey, privateKey };
}
