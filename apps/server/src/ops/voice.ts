import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { KAMAILIO_BIN, kamailioArgs, RTPENGINE_BIN, rtpengineArgs } from '../modules/voice/kamailio-args';

/**
 * `npm run voice`: starts Kamailio (Debian's, with its WebSocket module) in the foreground with
 * voice/kamailio.cfg and this environment's voice settings, as the API reads them (.env or the shell).
 * With VOICE_RTPENGINE on this host (udp:127.0.0.1:…), the media relay rtpengine is started beside it.
 */
const config = loadConfig();
if (!config.voice) {
  console.error('Voice is off: set VOICE_WS_URL (e.g. ws://127.0.0.1:8089) for the API and this command.');
  process.exit(1);
}
if (!existsSync(KAMAILIO_BIN)) {
  console.error(
    `${KAMAILIO_BIN} is missing: apt-get install kamailio kamailio-websocket-modules kamailio-autheph-modules kamailio-utils-modules`,
  );
  process.exit(1);
}
const children = [spawn(KAMAILIO_BIN, kamailioArgs(config), { stdio: 'inherit' })];
const relay = config.voice.rtpengine;
if (relay && /^udp6?:(127\.0\.0\.1|localhost|\[?::1\]?):/.test(relay.control)) {
  if (!existsSync(RTPENGINE_BIN)) {
    console.error(`${RTPENGINE_BIN} is missing: apt-get install rtpengine-daemon (or unset VOICE_RTPENGINE)`);
    children[0].kill();
    process.exit(1);
  }
  children.push(spawn(RTPENGINE_BIN, rtpengineArgs(config), { stdio: 'inherit' }));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
// One gone (a bad setting, a crash): the other is stopped too, and the command fails with its code.
for (const child of children)
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill();
    process.exit(code ?? 0);
  });
