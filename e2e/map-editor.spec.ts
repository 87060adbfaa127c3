import type { Page } from '@playwright/test';
import { MAP_CENTER } from '@taxi/shared';
import { axeBothSchemes } from './axe';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

interface GeoCheck {
  allowed: boolean;
  refusals: { kind: string; name: string; message: string }[];
}

const check = (page: Page, [lon, lat]: readonly number[]) =>
  api<{ data: GeoCheck }>(page, 'GET', `geo/check?lon=${lon}&lat=${lat}&role=pickup`);

/** Opens the editor on the city's centre, close enough for a small area drawn around it. */
async function openEditor(page: Page): Promise<void> {
  await page.goto(`/map_editor?lon=${MAP_CENTER[0]}&lat=${MAP_CENTER[1]}&zoom=16`);
  await expect(page.locator('[data-map="map-editor"]')).toHaveAttribute('data-map-ready', '1', { timeout: 30_000 });
}

test('map editor: a restricted area drawn on the map refuses a phone booking picked up inside it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await login(page, request, USERS.admin);
  expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
  // No AI popup over the map while the pointer draws (other specs' bookings can raise one): popups off for now.
  expect((await api(page, 'PUT', 'ai_status', { ai_stopped: true })).status).toBe(200);

  // Before: the city's centre takes pickups (the area drawn below is the reason it will not).
  const before = await check(page, MAP_CENTER);
  expect(before.json.data.allowed, JSON.stringify(before.json)).toBe(true);

  await openEditor(page);
  await expect(page.locator('header h1')).toHaveText('Map editor');
  await page.getByRole('radio', { name: 'Edit Restricted areas' }).check();
  await expect(page.locator('[data-map="map-editor"]')).toHaveAttribute('data-source-map-editor-sectors', /\d+/);
  expect(await axeBothSchemes(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/map-editor-light.png' });

  // A square around the centre, clicked on the canvas; the first corner again closes it.
  await page.getByTestId('tool-polygon').click();
  const box = await page.getByTestId('map-editor-map').boundingBox();
  if (!box) throw new Error('The map has no box');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const corners: [number, number][] = [
    [cx - 50, cy - 50],
    [cx + 50, cy - 50],
    [cx + 50, cy + 50],
    [cx - 50, cy + 50],
  ];
  const drawSquare = async () => {
    for (const [x, y] of [...corners, corners[0]]) {
      await page.mouse.move(x, y, { steps: 2 });
      await page.mouse.click(x, y);
      await page.waitForTimeout(150);
    }
  };
  await drawSquare();
  await expect(page.getByTestId('map-editor-unsaved')).toHaveText('1 unsaved features');

  // Ctrl+Z takes the drawing back; drawn again, it is kept.
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('map-editor-unsaved')).toHaveCount(0);
  await drawSquare();
  await expect(page.getByTestId('map-editor-unsaved')).toHaveText('1 unsaved features');
  await expect(page.getByTestId('map-editor-problems')).toHaveCount(0);

  // Selected, with the pointer on a corner, Delete offers to remove that vertex; Ctrl+Z puts it back.
  await page.getByTestId('tool-select').click();
  await page.mouse.click(cx, cy);
  await expect(page.getByRole('button', { name: 'Delete the selected feature (Delete)' })).toBeEnabled();
  await page.mouse.move(corners[2][0], corners[2][1], { steps: 3 });
  await page.keyboard.press('Delete');
  const removeVertex = page.getByRole('dialog', { name: 'Remove this vertex?' });
  await expect(removeVertex).toBeVisible();
  await removeVertex.getByRole('button', { name: 'Delete' }).click();
  await expect(removeVertex).toHaveCount(0);
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('map-editor-unsaved')).toHaveText('1 unsaved features');

  // Saving asks for the new area's properties (the catalogue's form), then creates its row.
  const name = `E2E drawn area ${Date.now()}`;
  await page.getByTestId('map-editor-save').click();
  const dialog = page.getByRole('dialog', { name: 'New feature in Restricted areas' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/restricted_areas') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Save' }).click();
  const response = await created;
  expect(response.status()).toBe(200);
  const row = ((await response.json()) as { data: { id: number; geometry: string } }).data;
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('map-editor-unsaved')).toHaveCount(0);

  try {
    // The saved outline is a closed square around the centre.
    const ring = (JSON.parse(row.geometry) as { coordinates: number[][][] }).coordinates[0];
    expect(ring.length).toBe(5);
    const lons = ring.map((p) => p[0]);
    const lats = ring.map((p) => p[1]);
    expect(Math.min(...lons)).toBeLessThan(MAP_CENTER[0]);
    expect(Math.max(...lons)).toBeGreaterThan(MAP_CENTER[0]);
    expect(Math.min(...lats)).toBeLessThan(MAP_CENTER[1]);
    expect(Math.max(...lats)).toBeGreaterThan(MAP_CENTER[1]);
    const inside = [lons.slice(0, 4).reduce((a, b) => a + b) / 4, lats.slice(0, 4).reduce((a, b) => a + b) / 4];

    // The server's geo caches know the area at once: a pickup inside is refused, naming it.
    await expect.poll(async () => (await check(page, inside)).json.data.refusals.map((r) => r.name)).toContain(name);
    expect((await check(page, inside)).json.data.allowed).toBe(false);

    // The phone booking: the map's centre (the same point) as the pickup shows the refusal.
    await page.goto('/phone-bookings');
    await expect(page.locator('[data-map="phone-booking"]')).toHaveAttribute('data-map-ready', '1', {
      timeout: 30_000,
    });
    const phoneMap = page.getByTestId('phone-booking-map');
    const phoneBox = await phoneMap.boundingBox();
    if (!phoneBox) throw new Error('The booking map has no box');
    await expect(async () => {
      await phoneMap.click({ position: { x: phoneBox.width / 2, y: phoneBox.height / 2 } });
      await expect(page.getByTestId('pickup-input')).toHaveValue(/Map point/, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('pickup-restriction')).toContainText(`Refused here: restricted area ${name}`);

    // The editor in dark and in Arabic (right to left), with the new area drawn among the others.
    for (const [language, theme] of [
      ['en', 'dark'],
      ['ar', 'light'],
    ] as const) {
      expect((await api(page, 'PUT', 'preferences', { language, theme })).status).toBe(200);
      await openEditor(page);
      await page.waitForTimeout(500);
      await page.screenshot({ path: `test-results/map-editor-${language}-${theme}.png` });
    }
  } finally {
    expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
    expect((await api(page, 'PUT', 'ai_status', { ai_stopped: false })).status).toBe(200);
    // The other specs book in this city: the area must be gone.
    const removed = await api(page, 'DELETE', `restricted_areas/${row.id}`);
    expect(removed.status, JSON.stringify(removed.json)).toBe(200);
  }
});
