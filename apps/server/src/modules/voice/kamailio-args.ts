import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { repoRoot } from '../../config';
import { voiceKeys } from './keys';

/** Where Debian puts Kamailio; KAMAILIO_BIN overrides. */
export const KAMAILIO_BIN = process.env.KAMAILIO_BIN ?? '/usr/sbin/kamailio';

/** A regular expression of the console's origins: PUBLIC_URL's, and this port on loopback names. */
export function originPattern(config: Config): string {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const origins = new Set([new URL(config.publicUrl).origin]);
  for (const host of ['127.0.0.1', 'localhost']) origins.add(`http://${host}:${config.port}`);
  return `^(${[...origins].map(literal).join('|')})$`;
}

/**
 * The command line that starts Kamailio with voice/kamailio.cfg for this configuration: the same keys the
 * API derives, the WebSocket port of VOICE_WS_URL, and the API's own address for the queue's questions.
 * `origins` overrides the console origins (tests); `apiUrl` the API's base.
 */
export function kamailioArgs(
  config: Config,
  opts: { apiUrl?: string; origins?: string; runtimeDir?: string } = {},
): string[] {
  const voice = config.voice;
  if (!voice) throw new Error('VOICE_WS_URL is not set: voice is off');
  const keys = voiceKeys(config);
  const ws = new URL(voice.wsUrl);
  const quoted = (name: string, value: string) => ['-A', `${name}="${value.replace(/"/g, '\\"')}"`];
  const runtimeDir = opts.runtimeDir ?? path.join(config.dataDir, 'voice');
  mkdirSync(runtimeDir, { recursive: true });
  return [
    '-DD',
    '-E',
    '-f',
    path.join(repoRoot(), 'voice/kamailio.cfg'),
    '-Y',
    runtimeDir,
    '-w',
    runtimeDir,
    '-m',
    '64',
    ...['-A', `VOICE_WS_PORT=${ws.port || (ws.protocol === 'wss:' ? 443 : 80)}`],
    ...['-A', `VOICE_SIP_PORT=${voice.sipPort}`],
    ...['-A', `VOICE_RING_MS=${voice.ringSeconds * 1000}`],
    ...quoted('VOICE_DOMAIN', voice.domain),
    ...quoted('VOICE_QUEUE_NUMBER', voice.queueNumber),
    ...quoted('VOICE_SECRET', keys.sip),
    ...quoted('VOICE_API_KEY', keys.api),
    ...quoted('VOICE_API', opts.apiUrl ?? `http://127.0.0.1:${config.port}/api`),
    ...quoted('VOICE_ORIGINS', opts.origins ?? originPattern(config)),
    ...(voice.trunk ? quoted('VOICE_TRUNK', voice.trunk) : []),
    ...(voice.rtpengine ? quoted('VOICE_RTPENGINE', voice.rtpengine.control) : []),
  ];
}

/** Where Debian puts rtpengine (package rtpengine-daemon); RTPENGINE_BIN overrides. */
export const RTPENGINE_BIN = process.env.RTPENGINE_BIN ?? '/usr/bin/rtpengine';

/**
 * The command line of a local rtpengine for VOICE_RTPENGINE: in the foreground, in user space (no kernel
 * module: `--table=-1`), its control socket where Kamailio looks for it, relaying on VOICE_MEDIA_ADDRESS.
 * `ports` narrows its media port range (tests running beside each other).
 */
export function rtpengineArgs(config: Config, ports: { min: number; max: number } = { min: 30000, max: 40000 }) {
  const relay = config.voice?.rtpengine;
  if (!relay) throw new Error('VOICE_RTPENGINE is not set: no media relay');
  const control = relay.control.replace(/^udp6?:/, '');
  return [
    '--foreground',
    '--config-file=none',
    '--table=-1',
    '--log-stderr',
    `--interface=${relay.mediaAddress}`,
    `--listen-ng=${control}`,
    `--port-min=${ports.min}`,
    `--port-max=${ports.max}`,
  ];
}
