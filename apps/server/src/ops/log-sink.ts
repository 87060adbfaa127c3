import { closeSync, mkdirSync, openSync, write } from 'node:fs';
import path from 'node:path';
import { format } from 'node:util';

/** Errors of a write that say the output is gone for good (its reader closed, the descriptor is dead). */
const BROKEN = new Set(['EPIPE', 'ECONNRESET', 'ENOTCONN', 'EBADF', 'EINVAL', 'EIO', 'ENXIO', 'ESHUTDOWN']);

export interface LogSinkOptions {
  /** Bytes waiting to be written at most; past them new lines are dropped (and counted) rather than kept. */
  maxQueuedBytes?: number;
  /** Told once when the sink leaves its descriptor: for the file, or for nothing. */
  onSwitch?: (to: 'file' | 'off', reason: string) => void;
}

/**
 * Where the server's output goes (the Fastify logger's stream and the console): a descriptor (stdout or
 * stderr) written asynchronously, so that a write never holds the event loop. A slow or stuck reader (a full
 * pipe) delays lines, then drops them past `maxQueuedBytes`, and the count of dropped lines is written once
 * the output moves again; a reader that has gone (EPIPE and the like) sends the following lines to a file
 * under the data directory (`fallbackTo`), or nowhere, without any error reaching the process. The exit
 * never waits for it beyond `drain(ms)`.
 */
export class LogSink {
  private queue: Buffer[] = [];
  private queuedBytes = 0;
  private writing = false;
  private dropped = 0;
  private retryMs = 0;
  private retry: NodeJS.Timeout | undefined;
  private target: 'fd' | 'file' | 'off' = 'fd';
  private fallbackFile: string | undefined;
  private waiters: (() => void)[] = [];
  private readonly maxQueuedBytes: number;

  constructor(
    private fd: number,
    private readonly opts: LogSinkOptions = {},
  ) {
    this.maxQueuedBytes = opts.maxQueuedBytes ?? 4 * 1024 * 1024;
  }

  /** The file the sink writes to once its descriptor breaks (its folder is made then). */
  fallbackTo(file: string): void {
    this.fallbackFile = file;
  }

  /** Where the lines go now. */
  get destination(): 'fd' | 'file' | 'off' {
    return this.target;
  }

  /** pino's destination interface: one or more whole lines. */
  write(text: string): boolean {
    if (this.target === 'off') return true;
    const chunk = Buffer.from(text);
    if (this.queuedBytes + chunk.length > this.maxQueuedBytes) {
      this.dropped++;
      return true;
    }
    this.queue.push(chunk);
    this.queuedBytes += chunk.length;
    if (!this.writing && !this.retry) this.pump();
    return true;
  }

  /** Resolves once what is queued is written, or after `ms` (a stuck reader never holds the exit longer). */
  drain(ms: number): Promise<void> {
    if (this.idle()) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private idle(): boolean {
    return this.target === 'off' || (this.queue.length === 0 && !this.writing);
  }

  private pump(): void {
    this.retry = undefined;
    if (this.dropped > 0) {
      const notice = Buffer.from(`[log] ${this.dropped} lines dropped: the output was not being read\n`);
      this.dropped = 0;
      this.queue.unshift(notice);
      this.queuedBytes += notice.length;
    }
    if (this.queue.length === 0 || this.target === 'off') {
      this.writing = false;
      for (const waiter of this.waiters.splice(0)) waiter();
      return;
    }
    this.writing = true;
    const chunk = this.queue.length === 1 ? this.queue[0] : Buffer.concat(this.queue);
    this.queue = [];
    this.queuedBytes = 0;
    write(this.fd, chunk, 0, chunk.length, null, (error, written) => {
      if (error) {
        this.requeue(chunk);
        const code = (error as NodeJS.ErrnoException).code ?? '';
        if (code === 'EAGAIN' || code === 'EWOULDBLOCK' || code === 'EINTR') {
          // The reader is slow (a full pipe): try again a little later, without holding the loop.
          this.retryMs = Math.min(Math.max(this.retryMs * 2, 10), 500);
          this.writing = false;
          this.retry = setTimeout(() => this.pump(), this.retryMs);
          this.retry.unref();
          return;
        }
        this.leave(BROKEN.has(code) ? code : `write failed (${code || String(error)})`);
        this.pump();
        return;
      }
      this.retryMs = 0;
      if (written < chunk.length) this.requeue(chunk.subarray(written));
      this.pump();
    });
  }

  private requeue(chunk: Buffer): void {
    this.queue.unshift(chunk);
    this.queuedBytes += chunk.length;
  }

  /** Leaves the broken descriptor: for the fallback file when there is one (and it opens), else for nothing. */
  private leave(reason: string): void {
    if (this.target === 'file') {
      this.target = 'off';
      this.discard();
      this.opts.onSwitch?.('off', reason);
      return;
    }
    if (this.fallbackFile) {
      try {
        mkdirSync(path.dirname(this.fallbackFile), { recursive: true });
        this.fd = openSync(this.fallbackFile, 'a');
        this.target = 'file';
        this.requeue(Buffer.from(`[log] ${new Date().toISOString()} output lost (${reason}): logging here\n`));
        this.opts.onSwitch?.('file', reason);
        return;
      } catch {
        // No file either: stop.
      }
    }
    this.target = 'off';
    this.discard();
    this.opts.onSwitch?.('off', reason);
  }

  private discard(): void {
    this.queue = [];
    this.queuedBytes = 0;
  }

  /** Closes the fallback file (the process's own descriptors stay as they are). */
  close(): void {
    if (this.target === 'file') {
      try {
        closeSync(this.fd);
      } catch {
        // already closed
      }
      this.target = 'off';
    }
  }
}

/** The process's output: stdout for the logger and console.log/info/debug, stderr for console.warn/error. */
export interface ProcessOutput {
  out: LogSink;
  err: LogSink;
  /** Both sinks write to this file once their descriptor breaks. */
  fallbackTo(file: string): void;
  drain(ms: number): Promise<void>;
}

/**
 * Routes the console through sinks of stdout and stderr, and keeps a broken stdout or stderr (EPIPE once its
 * reader has gone) from ever raising an uncaught error: nothing the server logs can stop it.
 */
export function captureProcessOutput(opts: LogSinkOptions = {}): ProcessOutput {
  const out = new LogSink(1, opts);
  const err = new LogSink(2, opts);
  // Whatever still writes to the streams themselves (Node's own warnings) must not crash on EPIPE either.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
  const line =
    (sink: LogSink) =>
    (...args: unknown[]) =>
      void sink.write(`${format(...args)}\n`);
  console.log = line(out);
  console.info = line(out);
  console.debug = line(out);
  console.warn = line(err);
  console.error = line(err);
  return {
    out,
    err,
    fallbackTo(file) {
      out.fallbackTo(file);
      err.fallbackTo(file);
    },
    async drain(ms) {
      await Promise.all([out.drain(ms), err.drain(ms)]);
    },
  };
}
