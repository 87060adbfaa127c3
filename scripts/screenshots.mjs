#!/usr/bin/env node
// Screenshots of the console for docs/screenshots: `node scripts/screenshots.mjs [baseUrl]` against a
// running development server with the simulator on (`npm start` with APP_ENV=development: the login code
// is read from the dev outbox). Each view in English light, French dark and Arabic right-to-left.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:8080';
const out = join(dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
const EMAIL = 'admin@example.com';
const PASSWORD = 'Demo#2026';
const LOOKS = [
  { id: 'en-light', language: 'en', theme: 'light' },
  { id: 'fr-dark', language: 'fr', theme: 'dark' },
  { id: 'ar-rtl', language: 'ar', theme: 'light' },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

async function signIn(page) {
  const since = Date.now();
  await page.locator('input[type=email], input[autocomplete=username]').first().fill(EMAIL);
  await page.locator('input[type=password]').first().fill(PASSWORD);
  await page.keyboard.press('Enter');
  let code;
  for (let i = 0; i < 80 && !code; i++) {
    await page.waitForTimeout(250);
    const box = await (await fetch(`${base}/api/dev/outbox`)).json();
    code = box.data.find((m) => m.to === EMAIL && Date.parse(m.created_at) >= since - 2000)?.code;
  }
  if (!code) throw new Error('no login code in the dev outbox');
  await page.locator('input:visible').first().fill(code);
  await page.keyboard.press('Enter');
  await page.getByTestId('drawer-toggle').waitFor();
}

async function firstBookingId(page) {
  return page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('taxi.session') ?? 'null');
    const res = await fetch('/api/booking?perPage=1', { headers: { Authorization: `Bearer ${session?.accessToken}` } });
    const body = await res.json();
    return (Array.isArray(body.data) ? body.data : body.data.data)[0]?.id;
  });
}

for (const look of LOOKS) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 860 } });
  await context.addInitScript(
    ([language, theme]) => localStorage.setItem('taxi.prefs', JSON.stringify({ language, theme })),
    [look.language, look.theme],
  );
  const page = await context.newPage();
  const shot = async (name) => {
    await page.waitForTimeout(1500);
    await page.screenshot({ path: join(out, `${name}-${look.id}.png`) });
    console.log(`${name}-${look.id}.png`);
  };
  await page.goto(`${base}/login`);
  await shot('login');
  await signIn(page);
  // The account's saved language and theme win at sign-in: save this look on it, then reload.
  await page.evaluate(
    async (prefs) => {
      const session = JSON.parse(localStorage.getItem('taxi.session') ?? 'null');
      await fetch('/api/preferences', {
        method: 'PUT',
        headers: { Authorization: `Bearer ${session?.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(prefs),
      });
    },
    { language: look.language, theme: look.theme },
  );
  await page.reload();
  await page.getByTestId('drawer-toggle').waitFor();
  await page.goto(`${base}/requests`);
  await shot('board-cards');
  await page
    .getByTestId('view-rows')
    .click()
    .catch(() => undefined);
  await shot('board-rows');
  // The AI tray: its popup opened from the tray (the simulator keeps suggestions coming).
  const tray = page.getByTestId('ai-popup-tray');
  if (await tray.count()) {
    const show = tray.getByRole('button');
    if ((await show.getAttribute('class'))?.includes('contained')) await show.click();
    await shot('ai-tray');
  }
  await page
    .getByTestId('view-cards')
    .click()
    .catch(() => undefined);
  await page.goto(`${base}/rides_tracker`);
  await page.waitForTimeout(3000);
  await shot('tracking');
  const id = await firstBookingId(page);
  if (id) {
    await page.goto(`${base}/rides/${id}`);
    await shot('ride');
  }
  await page.goto(`${base}/colors`);
  await shot('catalogue');
  await page.goto(`${base}/messages`);
  await page
    .getByTestId('conversation-row')
    .first()
    .click()
    .catch(() => undefined);
  await page.waitForTimeout(800);
  await shot('messages');
  await page.goto(`${base}/notifications`);
  await page.waitForTimeout(800);
  await shot('notifications');
  await page.goto(`${base}/broadcast`);
  await page.waitForTimeout(800);
  await shot('broadcast');
  await context.close();
}
await browser.close();
