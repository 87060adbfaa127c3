/**
 * The output sinks (ops/log-sink.ts) on a real pipe: one whose reader has gone (EPIPE) sends the lines to the
 * fallback file, one whose reader never reads (full) never holds the event loop and drops what it cannot keep.
 */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { LogSink } from '../src/ops/log-sink';

const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const done of cleanup.splice(0)) done();
});

/**
 * A named pipe whose reader (a child process) holds it open: our own non-blocking write end. The reader never
 * reads, or, with `readAfterMs`, starts copying what comes into a file after that long; `kill` makes it go.
 */
async function pipeToChild(readAfterMs?: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'taxi-fifo-'));
  const fifo = path.join(dir, 'out');
  const copy = path.join(dir, 'copy');
  execFileSync('mkfifo', [fifo]);
  const reader = readAfterMs === undefined ? 'exec sleep 60' : `sleep ${readAfterMs / 1000}; exec cat <&3 > "${copy}"`;
  const child = spawn('sh', ['-c', `exec 3<>"${fifo}"; echo ready; ${reader}`], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  const fd = openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK);
  cleanup.push(() => {
    child.kill('SIGKILL');
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  });
  const kill = async () => {
    child.kill('SIGKILL');
    await exited;
  };
  return { fd, copy, kill };
}

function tmpLog() {
  const dir = mkdtempSync(path.join(tmpdir(), 'taxi-log-'));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return path.join(dir, 'logs', 'server.log');
}

it('a pipe whose reader has gone (EPIPE): the lines go to the fallback file, nothing is thrown', async () => {
  const pipe = await pipeToChild();
  await pipe.kill();
  const file = tmpLog();
  const switches: string[] = [];
  const sink = new LogSink(pipe.fd, { onSwitch: (to, reason) => switches.push(`${to} ${reason}`) });
  sink.fallbackTo(file);
  for (let i = 0; i < 3; i++) sink.write(`{"msg":"line ${i}"}\n`);
  await sink.drain(5000);
  expect(switches).toEqual(['file EPIPE']);
  expect(sink.destination).toBe('file');
  const text = readFileSync(file, 'utf8');
  expect(text).toMatch(/output lost \(EPIPE\): logging here/);
  expect(text).toContain('{"msg":"line 0"}\n{"msg":"line 1"}\n{"msg":"line 2"}\n');
  sink.close();
});

it('a pipe its reader does not read (full): writing never blocks, lines past the queue are dropped and counted', async () => {
  const pipe = await pipeToChild(1000);
  const sink = new LogSink(pipe.fd, { maxQueuedBytes: 256 * 1024 });
  const line = `${JSON.stringify({ msg: 'x'.repeat(1000) })}\n`;
  const started = performance.now();
  // 20 MB at once: far more than the pipe holds and than the queue keeps.
  for (let i = 0; i < 20_000; i++) sink.write(line);
  expect(performance.now() - started).toBeLessThan(5000);
  // Nobody reads yet: drain gives up at its deadline.
  await sink.drain(100);
  // Once the reader reads, what was kept reaches it, and the count of the lines dropped meanwhile.
  await sink.drain(20_000);
  sink.write('{"msg":"after"}\n');
  const copied = () => (existsSync(pipe.copy) ? readFileSync(pipe.copy, 'utf8') : '');
  for (let i = 0; i < 200 && !copied().includes('"after"'); i++) await new Promise((r) => setTimeout(r, 50));
  const text = copied();
  const dropped = Number(/\[log\] (\d+) lines dropped: the output was not being read/.exec(text)?.[1]);
  expect(dropped).toBeGreaterThan(10_000);
  expect(text.split('\n').filter((l) => l.startsWith('{"msg":"x')).length + dropped).toBe(20_000);
  expect(text).toContain('{"msg":"after"}');
  expect(sink.destination).toBe('fd');
});
