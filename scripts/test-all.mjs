#!/usr/bin/env node
// `npm test`: the unit suite and the browser suite side by side, each line prefixed with its suite; the exit
// code is non-zero when either fails. The browser suite keeps the CPU it asks for (its pages and axe have time
// budgets; starved, they time out): the unit suite runs at the lowest priority (`nice`) on what is left, and
// catches up once the browser suite is done.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';

function run(name, script, { niced = false } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const [command, ...args] = [...(niced ? ['nice', '-n', '19'] : []), 'npm', 'run', script];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
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

/**
 * The local PostgreSQL server works only for the unit suite (the browser suite runs on the embedded engine): its
 * processes get the unit suite's priority for the run, else their queries take CPU from the browser suite's
 * timed pages. Best effort (needs the right to renice them); new backends inherit the postmaster's priority.
 */
function renicePostgres(priority) {
  const pids = spawnSync('pgrep', ['-u', 'postgres'], { encoding: 'utf8' }).stdout?.split(/\s+/).filter(Boolean) ?? [];
  if (pids.length > 0) spawnSync('renice', ['-n', String(priority), '-p', ...pids], { stdio: 'ignore' });
}

renicePostgres(19);
const codes = await Promise.all([run('unit', 'test:unit', { niced: true }), run('e2e', 'test:e2e')]);
renicePostgres(0);
process.exit(codes.every((code) => code === 0) ? 0 : 1);
