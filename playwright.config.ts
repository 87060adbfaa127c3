import { resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS, FAKE_MEDIA_ARGS } from './e2e/chromium';
import { VOICE, VOICE_RING_SECONDS, VOICE_RING_STRATEGY } from './e2e/voice-env';

const PORT = Number(process.env.E2E_PORT ?? 8181);
// One server (and embedded database) per worker, on PORT + the worker's index (e2e/fixtures.ts): files run in
// parallel without sharing data. Two by default: the suite mostly waits on its servers, sockets and timers, not on
// the CPU — on one loaded two-core machine the same 129 tests took 23.8 min with one worker and 14.2 min with two.
// E2E_WORKERS=1 runs them one after the other.
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
// One fresh data directory per run; workers inherit it through the environment, the teardown removes it.
process.env.E2E_DATA_DIR ??= resolve(`e2e/.data-${Date.now()}`);
const DATA_DIR = process.env.E2E_DATA_DIR;
// The voice spec runs on Debian's Kamailio (.ci/run installs it; e2e/voice.spec.ts says when it is missing): each
// worker's server gets a SIP server of its own, on ports beside its own.
const voiceEnv = (i: number): Record<string, string> =>
  VOICE
    ? {
        VOICE_WS_URL: `ws://127.0.0.1:${PORT + 100 + i}`,
        VOICE_SIP_PORT: String(PORT + 200 + i),
        VOICE_RING_SECONDS: String(VOICE_RING_SECONDS),
        VOICE_RING_STRATEGY,
      }
    : {};
// The mail relay: a local SMTP server the servers' mailer delivers to (e2e/smtp-stand-in.ts); the specs read its mails
// over HTTP on the next port (SMTP_MAILS_URL in e2e/fixtures.ts).
const SMTP_PORT = PORT + 300;
const servers = Array.from(
  { length: WORKERS },
  (_, i): Record<string, string> => ({
    PORT: String(PORT + i),
    DATA_DIR: `${DATA_DIR}/server-${i}`,
    SIMULATOR: 'off',
    APP_ENV: 'development',
    DEMO_SCALE: '0.05',
    // Every spec signs in from this one address: at the suite's pace that is more than the default 30 sign-ins a
    // minute per address (the limits have their own API tests).
    LOGIN_RATE_MAX_PER_IP: '10000',
    LOGIN_RATE_MAX_PER_ACCOUNT: '10000',
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    ...voiceEnv(i),
    // A build of its own (vite build --outDir …) so a rebuild elsewhere cannot swap chunks mid-run.
    ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
  }),
);

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: WORKERS,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace costs every action a snapshot (about half the suite's time on two cores): only the retry of a
    // failed test records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    viewport: { width: 1366, height: 768 },
    // The console honours the system's reduced motion (no spinners turning, no transitions): less to paint, and
    // what the tests read has settled when it shows.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /voice\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 768 },
        launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
      },
    },
    {
      // The softphone: a fake microphone (a tone) and no permission prompt.
      name: 'voice',
      testMatch: /voice\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1366, height: 768 },
        permissions: ['microphone'],
        launchOptions: { executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] },
      },
    },
  ],
  webServer: [
    {
      command: 'npx tsx e2e/smtp-stand-in.ts',
      url: `http://127.0.0.1:${SMTP_PORT + 1}/mails`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: { SMTP_STAND_IN_PORT: String(SMTP_PORT) },
    },
    ...servers.map((env, i) => ({
      command: 'npm run start -w @taxi/server',
      url: `http://127.0.0.1:${PORT + i}/api/dev/outbox`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env,
    })),
    ...(VOICE
      ? servers.map((env, i) => ({
          command: 'npm run voice',
          port: PORT + 100 + i,
          reuseExistingServer: !process.env.CI,
          timeout: 60_000,
          stdout: 'ignore' as const,
          stderr: 'ignore' as const,
          env,
        }))
      : []),
  ],
});
