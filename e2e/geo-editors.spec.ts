import { GEO_MSG } from '@taxi/shared';
import { axeBothSchemes, SHOTS, screenshots } from './axe';
import { expect, test } from './fixtures';
import { api, login, USERS, watchCsp } from './helpers';

interface Collection {
  type: 'FeatureCollection';
  features: { type: 'Feature'; id?: number; geometry: { type: string; coordinates: unknown }; properties: object }[];
}

test('GeoJSON editor: a self-crossing sector is refused, the error marked in Monaco, the data unchanged', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const cspViolations = await watchCsp(page);
  await login(page, request, USERS.admin);
  // The editor's own pages (Monaco, its workers) are what is checked here, not the sign-in before them.
  const signIn = (await cspViolations()).length;
  expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
  const before = (await api<{ data: Collection }>(page, 'GET', 'geo/layers/sectors')).json.data;
  expect(before.features.length).toBeGreaterThan(0);

  await page.goto('/monaco_editor');
  await expect(page.locator('header h1')).toHaveText('GeoJSON editor');
  const editor = page.getByTestId('geojson-editor').locator('.monaco-editor');
  await expect(editor).toBeVisible({ timeout: 20_000 });
  const preview = page.locator('[data-map="geojson-preview"]');
  await expect(preview).toHaveAttribute('data-source-geojson-preview', String(before.features.length));
  // The layer's schema is in force: the loaded text has no problem.
  await expect(editor.locator('.squiggly-error')).toHaveCount(0);

  // The first sector's outline becomes a bow tie over its own box: valid GeoJSON, a self-crossing ring.
  const edited = structuredClone(before);
  const ring = (edited.features[0].geometry.coordinates as number[][][][] | number[][][]).flat(
    edited.features[0].geometry.type === 'MultiPolygon' ? 2 : 1,
  ) as unknown as number[][];
  const lons = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  const [w, e, s, n] = [Math.min(...lons), Math.max(...lons), Math.min(...lats), Math.max(...lats)];
  edited.features[0].geometry = {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, n],
        [e, s],
        [w, n],
        [w, s],
      ],
    ],
  };
  // Pasted as an operator would (typing would auto-indent and auto-close): only the edited feature is left,
  // so the save (of the whole layer) first asks to delete the others.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const pasted = JSON.stringify({ ...edited, features: [edited.features[0]] }, null, 2);
  await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.getByTestId('geojson-preview-status')).toContainText('1 features drawn');
  await expect(page.getByTestId('geojson-dirty')).toBeVisible();
  await expect(editor.locator('.squiggly-error')).toHaveCount(0);

  await page.getByTestId('geojson-save').click();
  await expect(page.getByRole('dialog')).toContainText(`Delete ${before.features.length - 1} features?`);
  await page.getByTestId('confirm-delete-features').click();
  const errors = page.getByTestId('geojson-save-errors');
  await expect(errors).toContainText(GEO_MSG.selfIntersects);
  await expect(errors).toContainText('Feature 1 (line');
  // The refusal is a Monaco marker on the feature: squiggled in the text, listed by the editor.
  await expect(editor.locator('.squiggly-error').first()).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/geo-editor-refused.png` });

  // Nothing was saved, nothing deleted: the layer is saved all or nothing.
  const after = (await api<{ data: Collection }>(page, 'GET', 'geo/layers/sectors')).json.data;
  expect(after).toEqual(before);

  // Unsaved text survives a layer switch only after a confirmation.
  await page.getByRole('combobox', { name: 'Layer' }).click();
  await page.getByRole('option', { name: 'Stations' }).click();
  await expect(page.getByRole('dialog')).toContainText('Discard your changes?');
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('geojson-dirty')).toBeVisible();
  await page.getByRole('button', { name: 'Discard changes' }).click();
  await expect(page.getByTestId('geojson-dirty')).toHaveCount(0);
  await expect(editor.locator('.squiggly-error')).toHaveCount(0);
  await expect(preview).toHaveAttribute('data-source-geojson-preview', String(before.features.length));

  // Invalid JSON keeps the last good preview and says so.
  await editor.locator('.view-lines').click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText(' oops');
  await expect(page.getByTestId('geojson-preview-status')).toContainText('not valid JSON');
  await expect(preview).toHaveAttribute('data-source-geojson-preview', String(before.features.length));
  await page.getByRole('button', { name: 'Discard changes' }).click();

  // The group layers: a cluster drawn as its sectors' outlines, a container as its locations' points; their
  // exported text meets the layer's schema.
  for (const [layer, title] of [
    ['area_clusters', 'Area clusters'],
    ['location_containers', 'Location containers'],
  ] as const) {
    const fc = (await api<{ data: Collection }>(page, 'GET', `geo/layers/${layer}`)).json.data;
    expect(fc.features.length, layer).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: 'Layer' }).click();
    await page.getByRole('option', { name: title }).click();
    // A container without locations has no point to draw.
    const drawn = fc.features.filter((f) => (f.geometry.coordinates as unknown[]).length > 0).length;
    await expect(preview).toHaveAttribute('data-source-geojson-preview', String(drawn));
    await expect(editor).toContainText(fc.features[0].geometry.type);
    await expect(editor.locator('.squiggly-error')).toHaveCount(0);
    await expect(page.getByTestId('geojson-text-problems')).toHaveText('');
  }

  expect(await axeBothSchemes(page)).toEqual([]);
  await screenshots(page, 'geo-editor', async () => {
    await expect(editor).toBeVisible({ timeout: 20_000 });
    await expect(preview).toHaveAttribute('data-fitted', '1');
  });
  expect((await cspViolations()).slice(signIn)).toEqual([]);
});

test('path drawer: two clicked points give a street distance, a duration and a price', async ({ page, request }) => {
  test.setTimeout(120_000);
  await login(page, request, USERS.admin);
  expect((await api(page, 'PUT', 'preferences', { language: 'en', theme: 'system' })).status).toBe(200);
  await page.goto('/path_drawer');
  await expect(page.locator('header h1')).toHaveText('Path drawer');
  const map = page.locator('[data-map="path-drawer"]');
  await expect(map).toHaveAttribute('data-map-ready', '1');
  expect(await axeBothSchemes(page)).toEqual([]);

  const box = await map.boundingBox();
  if (!box) throw new Error('no map box');
  await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.45);
  await expect(map).toHaveAttribute('data-source-path-points', '1');
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.55);
  await expect(map).toHaveAttribute('data-source-path-points', '2');
  await expect(page.getByTestId('path-points').getByRole('listitem')).toHaveCount(2);

  await expect(page.getByTestId('path-distance')).toHaveText(/\d.* km/);
  await expect(page.getByTestId('path-duration')).toHaveText(/\d/);
  await expect(page.getByTestId('fare-estimate-amount')).toHaveText(/€\s?\d|\d.*€/);
  await expect(page.getByTestId('path-season')).toBeVisible();
  await expect(map).toHaveAttribute('data-source-path-route', '1');
  expect(await axeBothSchemes(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/path-drawer-route.png` });

  // A point removed: one left, no route.
  await page.getByRole('button', { name: 'Remove point 2' }).click();
  await expect(page.getByText('Set two points or more to see the route.')).toBeVisible();

  await screenshots(page, 'path-drawer', async () => {
    await expect(map).toHaveAttribute('data-map-ready', '1');
    const b = await map.boundingBox();
    if (!b) throw new Error('no map box');
    await page.mouse.click(b.x + b.width * 0.35, b.y + b.height * 0.4);
    await expect(map).toHaveAttribute('data-source-path-points', '1');
    await page.mouse.click(b.x + b.width * 0.65, b.y + b.height * 0.6);
    await expect(page.getByTestId('fare-estimate-amount')).toBeVisible();
  });
});
