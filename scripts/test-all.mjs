#!/usr/bin/env node
// `npm test`: the unit suite, then the browser suite, each line prefixed with its suite; the exit code is non-zero
// when either fails. One after the other, not side by side: each suite alone keeps two cores busy, and run together
// they took longer than the sum of their times alone (33 min against 8 + 21) while starving each other's timed
// tests. The browser suite runs even when the unit suite failed, so one run reports both.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

function run(name, script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${name}] ${line}\n`));
    }
    child.on('close', (code) => {
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      process.stdout.write(`[${name}] finished with exit code ${code} after ${minutes} min\n`);
      resolve(code ?? 1);
    });
  });
}

const codes = [await run('unit', 'test:unit'), await run('e2e', 'test:e2e')];
process.exit(codes.every((code) => code === 0) ? 0 : 1);
