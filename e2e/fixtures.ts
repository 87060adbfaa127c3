import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/** The first server's port; worker N talks to the server on E2E_PORT + N (playwright.config.ts starts them). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);

/** The mails the local SMTP server (e2e/smtp-stand-in.ts) received, newest first: `?to=` an address. */
export const SMTP_MAILS_URL = `http://127.0.0.1:${E2E_PORT + 301}/mails`;

/**
 * Every spec's `test`: each worker has a server and a database of its own, so two files running at once
 * never see each other's data (a worker runs its files one after the other, as a single worker would).
 */
export const test = base.extend({
  // The specs' pictures (e2e/artifacts) are for people to look at: a run outside CI takes them, and CI only with
  // E2E_SHOTS=1. About seventy full-page captures were a minute of every CI run that nobody opened.
  page: async ({ page }, use) => {
    if (process.env.CI === 'true' && !process.env.E2E_SHOTS) page.screenshot = async () => Buffer.alloc(0);
    await use(page);
  },
  baseURL: async ({ baseURL }, use, testInfo) => {
    await use(baseURL ? `http://127.0.0.1:${E2E_PORT + testInfo.parallelIndex}` : baseURL);
  },
});
