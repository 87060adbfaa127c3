import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { KAMAILIO_BIN, kamailioArgs } from '../modules/voice/kamailio-args';

/**
 * `npm run voice`: starts Kamailio (Debian's, with its WebSocket module) in the foreground with
 * voice/kamailio.cfg and this environment's voice settings, as the API reads them (.env or the shell).
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
const child = spawn(KAMAILIO_BIN, kamailioArgs(config), { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
