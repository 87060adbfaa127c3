import { RIDE_MAP_ZOOM, RIDE_UI } from '@taxi/shared';
import { expect, test } from './fixtures';
import { api, login, USERS } from './helpers';

interface OngoingRow {
  id: number;
  status: string;
  ride_id: number | null;
  ride: { captain_id: number } | null;
}

/** The map's centre and zoom as it reports them after each move (`data-centre` "lon,lat", `data-zoom`). */
async function view(map: import('@playwright/test').Locator) {
  const [lon, lat] = ((await map.getAttribute('data-centre')) ?? '').split(',').map(Number);
  return { lon, lat, zoom: Number(await map.getAttribute('data-zoom')) };
}

test('the ride page opens at zoom 16 on the captain, and frames the route on request', async ({ page, request }) => {
  await login(page, request, USERS.dispatcher);
  const ongoing = await api<{ data: { data: OngoingRow[] } }>(page, 'GET', 'booking?group=ongoing&perPage=100');
  const booking = ongoing.json.data.data.find((b) => b.status === 'PICKED_UP' && b.ride_id && b.ride);
  expect(booking, 'a seeded PICKED_UP booking with a ride').toBeTruthy();
  const id = booking?.id as number;
  const location = await api<{ data: { lon: number; lat: number } }>(
    page,
    'GET',
    `captain/${booking?.ride?.captain_id}/location`,
  );
  expect(location.status).toBe(200);

  await page.goto(`/rides/${id}`);
  const map = page.locator('[data-map="ride"]');
  await expect(map).toHaveAttribute('data-map-ready', '1');
  await expect(map).toHaveAttribute('data-source-ride-route', '1');
  await expect(map).toHaveAttribute('data-source-ride-captain', '1');
  // Zoom 16 on the captain (bookings.md §9), the route drawn but not framed.
  const onCaptain = async () => {
    const { lon, lat, zoom } = await view(map);
    return [Math.abs(lon - location.json.data.lon) < 1e-4, Math.abs(lat - location.json.data.lat) < 1e-4, zoom];
  };
  await expect.poll(onCaptain).toEqual([true, true, RIDE_MAP_ZOOM]);
  await expect(map).not.toHaveAttribute('data-fitted', '1');

  // The operator asks for the whole route: the map zooms out to frame it.
  await page.getByRole('button', { name: RIDE_UI.fitRoute }).click();
  await expect(map).toHaveAttribute('data-fitted', '1');
  await expect.poll(async () => (await view(map)).zoom).toBeLessThan(RIDE_MAP_ZOOM);
});
