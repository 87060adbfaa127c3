import type { Page } from '@playwright/test';
import { type Stats, stats } from './lib';

/**
 * In-page measurement. The scripts are plain JavaScript strings on purpose: functions passed to
 * page.evaluate would go through tsx's transform, which can add helpers the page does not have.
 */

/**
 * Init script (before the app's code): counts Socket.IO event frames received per event name, by wrapping
 * the page's WebSocket. Text frames look like `42["event",…]` (or `42/nsp,["event",…]`); an event with a binary
 * payload (the position batches) is `451-["event",{"_placeholder":true,…}]` followed by its binary frame.
 */
export const COUNT_SOCKET_EVENTS = `(() => {
  const counts = {};
  const Native = window.WebSocket;
  class CountingWebSocket extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (e) => {
        if (typeof e.data !== 'string' || !/^4[25]/.test(e.data)) return;
        const at = e.data.indexOf('["');
        if (at < 0) return;
        const name = e.data.slice(at + 2, e.data.indexOf('"', at + 2));
        counts[name] = (counts[name] || 0) + 1;
      });
    }
  }
  window.WebSocket = CountingWebSocket;
  window.__benchSocketCounts = counts;
})()`;

const START = `(() => {
  const probe = { t0: performance.now(), frames: [], running: true, counts: { ...window.__benchSocketCounts } };
  window.__benchProbe = probe;
  let last = probe.t0;
  const tick = (t) => {
    if (!probe.running) return;
    probe.frames.push(t - last);
    last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

const STOP = `(() => {
  const probe = window.__benchProbe;
  probe.running = false;
  const t1 = performance.now();
  const long = performance
    .getEntriesByType('longtask')
    .filter((e) => e.startTime >= probe.t0 && e.startTime < t1)
    .map((e) => e.duration);
  const now = window.__benchSocketCounts || {};
  const delivered = {};
  for (const k of Object.keys(now)) delivered[k] = now[k] - (probe.counts[k] || 0);
  return { seconds: (t1 - probe.t0) / 1000, frames: probe.frames, long, delivered };
})()`;

/**
 * Init script: a buffered long-task observer from the start of the page, so the stop script can read
 * every long task of the window (performance.getEntriesByType does not buffer long tasks by itself).
 */
export const OBSERVE_LONG_TASKS = `(() => {
  const seen = [];
  const original = performance.getEntriesByType.bind(performance);
  performance.getEntriesByType = (type) => (type === 'longtask' ? seen.slice() : original(type));
  new PerformanceObserver((list) => { for (const e of list.getEntries()) seen.push(e); })
    .observe({ type: 'longtask', buffered: true });
})()`;

export interface PageMetrics {
  seconds: number;
  fps: number;
  frame_ms: Stats;
  /** Frames slower than 50 ms (three or more missed vsyncs). */
  frames_over_50ms: number;
  long_tasks: { count: number; total_ms: number; max_ms: number };
  /** Socket.IO events the page received in the window, by event name. */
  delivered: Record<string, number>;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Counts frames and long tasks in the page for `seconds`, while `during` runs (the load, if any). */
export async function measurePage(page: Page, seconds: number, during?: () => Promise<void>): Promise<PageMetrics> {
  await page.evaluate(START);
  const wait = new Promise((r) => setTimeout(r, seconds * 1000));
  await Promise.all([wait, during?.()]);
  const raw = (await page.evaluate(STOP)) as {
    seconds: number;
    frames: number[];
    long: number[];
    delivered: Record<string, number>;
  };
  // the first sample is the gap to the first frame, not a frame time
  const frames = raw.frames.slice(1);
  return {
    seconds: round1(raw.seconds),
    fps: round1(frames.length / raw.seconds),
    frame_ms: stats(frames.length ? frames : [0]),
    frames_over_50ms: frames.filter((f) => f > 50).length,
    long_tasks: {
      count: raw.long.length,
      total_ms: Math.round(raw.long.reduce((a, b) => a + b, 0)),
      max_ms: Math.round(Math.max(0, ...raw.long)),
    },
    delivered: raw.delivered,
  };
}

export function summarize(label: string, m: PageMetrics): string {
  const events = Object.entries(m.delivered)
    .map(([k, v]) => `${k}×${v}`)
    .join(', ');
  return (
    `${label.padEnd(34)} ${String(m.fps).padStart(5)} fps, frame p50 ${m.frame_ms.p50_ms.toFixed(1)} ms p95 ` +
    `${m.frame_ms.p95_ms.toFixed(1)} ms, long tasks ${m.long_tasks.count} (total ${m.long_tasks.total_ms} ms, ` +
    `max ${m.long_tasks.max_ms} ms)${events ? `, received ${events}` : ''}`
  );
}
