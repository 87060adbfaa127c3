import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { type BookingDto, EVENTS, type Paginated } from '@taxi/shared';
import { COUNT_SOCKET_EVENTS, measurePage, OBSERVE_LONG_TASKS, type PageMetrics, summarize } from './browser-probe';
import { type BrowserServer, CAPTAIN_ID_BASE, CENTRE, loginSession, SPREAD, startServer } from './browser-server';
import { bearer } from './http';
import { writeResult } from './lib';
import { rng } from './random';

/**
 * Browser benchmark (Playwright + Debian Chromium, headless, software rendering): frames per second,
 * frame times and long tasks of two live pages of the real product, each idle and under load.
 * (a) the tracking map (/rides_tracker) with 5,000 online captains, each reporting a position every 4 s
 *     through LocationService.report (~1,250 reports/s, fanned out in batches by the server);
 * (b) the Requests board (/requests) with 1,000 active bookings receiving 20 `update booking` events a
 *     second through the server's socket (app.realtime.emit), half of them on the cards in view.
 * The server runs in this process (buildApp + listen on BENCH_BROWSER_PORT, default 8484).
 */
const PORT = Number(process.env.BENCH_BROWSER_PORT ?? 8484);
const SECONDS = Number(process.env.BENCH_BROWSER_SECONDS ?? 15);
const SETTLE_SECONDS = 3;
/**
 * The tracking map's captain counts (BENCH_CAPTAINS, comma separated; default 5,000, 15,000 and 30,000):
 * one server and one measure per count, the first count's server also serving the Requests board.
 */
const CAPTAIN_COUNTS = (process.env.BENCH_CAPTAINS ?? '5000,15000,30000')
  .split(',')
  .map((n) => Number(n.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
/** The target of the issue: a moving map at 50 frames per second or more. */
const TARGET_FPS = 50;
const REPORT_EVERY_MS = 4000;
const BOOKINGS = 1000;
const UPDATES_PER_SECOND = 20;
const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'tmp');

/** Calls `fire(n)` for n = 0, 1, … at `perSecond` until stopped; resolves with the count when stopped. */
function paced(perSecond: number, fire: (n: number) => void): { stop(): Promise<number> } {
  const start = performance.now();
  let sent = 0;
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - start) / 1000) * perSecond) - sent;
    for (let i = 0; i < due; i++) fire(sent++);
  }, 10);
  return {
    stop: async () => {
      clearInterval(timer);
      return sent;
    },
  };
}

async function waitForAttribute(page: Page, selector: string, attribute: string, ok: (v: string) => boolean) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const value = await page.locator(selector).getAttribute(attribute, { timeout: 30_000 });
    if (value != null && ok(value)) return value;
    await page.waitForTimeout(200);
  }
  throw new Error(`${selector} ${attribute} not ready`);
}

const ratio = (load: PageMetrics, idle: PageMetrics) =>
  Math.round((load.frame_ms.p95_ms / Math.max(idle.frame_ms.p95_ms, 0.001)) * 100) / 100;

interface TrackingMapResult {
  captains: number;
  drawn_at_start: number;
  report_every_ms: number;
  reports_in_window: number;
  reports_per_s: number;
  batches_in_window: number;
  idle: PageMetrics;
  moving: PageMetrics;
  frame_p95_ratio_moving_to_idle: number;
  meets_target_fps: boolean;
}

/** The tracking map idle, then with every captain reporting every REPORT_EVERY_MS. */
async function measureTrackingMap(page: Page, app: BrowserServer['app'], captains: number): Promise<TrackingMapResult> {
  await page.goto('/rides_tracker');
  const map = '[data-map="tracking"]';
  await waitForAttribute(page, map, 'data-map-ready', (v) => v === '1');
  const drawnAtStart = Number(await waitForAttribute(page, map, 'data-source-captains', (v) => Number(v) >= captains));
  await page.waitForTimeout(SETTLE_SECONDS * 1000);
  const mapIdle = await measurePage(page, SECONDS);
  console.log(summarize(`tracking map idle (${drawnAtStart} captains)`, mapIdle));

  const random = rng(42);
  const pos = Array.from({ length: captains }, (_, i) => {
    const g = i + 1;
    return [
      CENTRE[0] + (((g * 7919) % 1000) / 1000 - 0.5) * SPREAD,
      CENTRE[1] + (((g * 104729) % 1000) / 1000 - 0.5) * SPREAD,
    ];
  });
  const mover = paced((captains * 1000) / REPORT_EVERY_MS, (n) => {
    const idx = n % captains;
    const p = pos[idx];
    p[0] += (random() - 0.5) * 0.0006;
    p[1] += (random() - 0.5) * 0.0006;
    app.locations.report(CAPTAIN_ID_BASE + idx + 1, p[0], p[1], Math.floor(random() * 360), 30);
  });
  try {
    await page.waitForTimeout(SETTLE_SECONDS * 1000);
    const reports0 = app.locations.counters.reports;
    const batches0 = app.locations.counters.batches;
    const mapLoad = await measurePage(page, SECONDS);
    const reports = app.locations.counters.reports - reports0;
    const batches = app.locations.counters.batches - batches0;
    console.log(summarize(`tracking map, ${captains} moving`, mapLoad));
    return {
      captains,
      drawn_at_start: drawnAtStart,
      report_every_ms: REPORT_EVERY_MS,
      reports_in_window: reports,
      reports_per_s: Math.round(reports / mapLoad.seconds),
      batches_in_window: batches,
      idle: mapIdle,
      moving: mapLoad,
      frame_p95_ratio_moving_to_idle: ratio(mapLoad, mapIdle),
      meets_target_fps: mapLoad.fps >= TARGET_FPS,
    };
  } finally {
    await mover.stop();
  }
}

/** A signed-in browser page on `server` (the socket and long-task probes installed). */
async function openConsole(browser: Browser, server: BrowserServer): Promise<Page> {
  const session = await loginSession(server.app);
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 }, baseURL: server.url });
  await context.addInitScript(COUNT_SOCKET_EVENTS);
  await context.addInitScript(OBSERVE_LONG_TASKS);
  await context.addInitScript(`localStorage.setItem('taxi.session', ${JSON.stringify(JSON.stringify(session))})`);
  return context.newPage();
}

export async function benchBrowser(): Promise<void> {
  const t0 = performance.now();
  const [captains, ...moreCounts] = CAPTAIN_COUNTS;
  console.log(`starting the server on :${PORT} with ${captains} captains and ${BOOKINGS} bookings…`);
  const server = await startServer({ port: PORT, captains, bookings: BOOKINGS });
  let browser: Browser | null = null;
  const stops: (() => Promise<unknown>)[] = [];
  const trackingMaps: TrackingMapResult[] = [];
  try {
    const { app } = server;
    const session = await loginSession(app);
    browser = await chromium.launch({
      executablePath: process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    const page = await openConsole(browser, server);
    mkdirSync(SHOTS, { recursive: true });

    // (a) tracking map, at the first captain count (the others get a server each, below)
    trackingMaps.push(await measureTrackingMap(page, app, captains));
    await page.screenshot({ path: path.join(SHOTS, 'browser-tracking.png') });

    // (b) Requests board
    const dtos: BookingDto[] = [];
    for (let p = 1; p <= 20; p++) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/booking?group=all&perPage=100&page=${p}`,
        headers: bearer(session.accessToken),
      });
      const chunk = res.json().data as Paginated<BookingDto>;
      dtos.push(...chunk.data);
      if (p >= chunk.last_page) break;
    }
    await page.goto('/requests');
    await page
      .getByTestId('group-all')
      .filter({ hasText: `(${dtos.length})` })
      .waitFor({ timeout: 30_000 });
    await page.waitForTimeout(SETTLE_SECONDS * 1000);
    const boardIdle = await measurePage(page, SECONDS);
    console.log(summarize(`requests board idle (${dtos.length} bookings)`, boardIdle));

    const pick = rng(7);
    const captainNames = ['Lucas Rossi', 'Emma Martin', 'Marco Bianchi', 'Léa Dubois'];
    const updater = paced(UPDATES_PER_SECOND, (n) => {
      // even updates: the first cards (in view); odd ones: any booking of the board
      const index = n % 2 === 0 ? (n / 2) % 6 : Math.floor(pick() * dtos.length);
      const base = dtos[index];
      const flip = (n >> 1) % 2 === 0;
      const dto: BookingDto = {
        ...base,
        status: flip ? 'APPROVED' : 'PENDING',
        active_captain_suggestion: flip
          ? null
          : { captain_name: captainNames[n % captainNames.length], until: new Date(Date.now() + 30_000).toISOString() },
      };
      dtos[index] = dto;
      app.realtime.emit(EVENTS.updateBooking, dto);
    });
    stops.push(updater.stop);
    await page.waitForTimeout(1000);
    const boardLoad = await measurePage(page, SECONDS);
    const updatesSent = await updater.stop();
    console.log(summarize(`requests board, ${UPDATES_PER_SECOND} updates/s`, boardLoad));
    await page.screenshot({ path: path.join(SHOTS, 'browser-requests.png') });

    await page.context().close();
    await server.close();

    // (a) again at the other captain counts, each on a server of its own (no bookings: the map only)
    for (const count of moreCounts) {
      console.log(`starting the server on :${PORT} with ${count} captains…`);
      const more = await startServer({ port: PORT, captains: count, bookings: 0 });
      try {
        const morePage = await openConsole(browser, more);
        trackingMaps.push(await measureTrackingMap(morePage, more.app, count));
        await morePage.context().close();
      } finally {
        await more.close();
      }
    }

    const result = {
      machine_cores: os.cpus().length,
      load_average_at_start: os.loadavg().map((l) => Math.round(l * 10) / 10),
      chromium: browser.version(),
      headless: true,
      viewport: '1366x768',
      measured_seconds: SECONDS,
      target: { moving_fps_at_least: TARGET_FPS, met: trackingMaps.every((m) => m.meets_target_fps) },
      tracking_maps: trackingMaps,
      requests_board: {
        bookings: dtos.length,
        updates_per_s: UPDATES_PER_SECOND,
        updates_sent_total: updatesSent,
        updates_delivered_in_window: boardLoad.delivered[EVENTS.updateBooking] ?? 0,
        idle: boardIdle,
        updating: boardLoad,
        frame_p95_ratio_updating_to_idle: ratio(boardLoad, boardIdle),
      },
      total_seconds: Math.round((performance.now() - t0) / 100) / 10,
    };
    console.log(
      `tracking map moving fps by captains: ${trackingMaps.map((m) => `${m.captains}: ${m.moving.fps}`).join(', ')}; ` +
        `requests frame p95 ratio under load / idle ${result.requests_board.frame_p95_ratio_updating_to_idle}; ` +
        `${result.requests_board.updates_delivered_in_window} booking updates delivered in ${boardLoad.seconds} s`,
    );
    console.log(`written ${writeResult('browser', result)} in ${result.total_seconds} s`);
  } finally {
    for (const stop of stops) await stop();
    await browser?.close().catch(() => {});
    await server.close().catch(() => {});
  }
}
