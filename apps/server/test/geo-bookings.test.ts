import { type BookingDto, GEO_MSG } from '@taxi/shared';
import type { LonLat } from '@taxi/shared/geo';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { makePassenger } from './factories';
import { apiCaller, loginAll, testAppForFile } from './helpers';

const t = testAppForFile();
const call = apiCaller(() => t.app);
let admin: string;
let disp: string;

// Points of the demo city away from one another: the palace, the heliport, the stadium and the casino.
const PALACE: LonLat = [7.420115, 43.731352];
const HELIPORT: LonLat = [7.419911, 43.725827];
const STADIUM: LonLat = [7.415524, 43.727495];
const CASINO: LonLat = [7.428023, 43.73916];

const square = ([lon, lat]: LonLat, half = 0.0004) =>
  JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [lon - half, lat - half],
        [lon + half, lat - half],
        [lon + half, lat + half],
        [lon - half, lat + half],
        [lon - half, lat - half],
      ],
    ],
  });

const order = async (pickup: LonLat, dropoff: LonLat, serviceId = 2) =>
  call('POST', 'bookings', disp, {
    passenger_id: (await makePassenger(t.db)).id,
    service_id: serviceId,
    pickup: { name: 'From', lon: pickup[0], lat: pickup[1] },
    dropoff: { name: 'To', lon: dropoff[0], lat: dropoff[1] },
    now: true,
    origin: 'phone',
  });

beforeAll(async () => {
  [admin, disp] = await loginAll(t.app, 'admin@example.com', 'dispatcher@example.com');
  const created = await Promise.all([
    call('POST', 'restricted_areas', admin, { name: 'Palace forecourt', applies_to: 'both', geometry: square(PALACE) }),
    call('POST', 'restricted_areas', admin, {
      name: 'Heliport pad',
      applies_to: 'pickup',
      allowed_service_ids: [3],
      geometry: square(HELIPORT),
    }),
    call('POST', 'blacklist_locations', admin, {
      name: 'Stadium service road',
      action: 'refuse',
      reason: 'Closed road',
      lon: STADIUM[0],
      lat: STADIUM[1],
      radius_m: 40,
    }),
    call('POST', 'blacklist_locations', admin, {
      name: 'Casino back door',
      action: 'flag',
      reason: 'Repeated no-shows',
      geometry: square(CASINO, 0.0002),
    }),
  ]);
  for (const res of created) expect(res.statusCode, res.body).toBe(200);
});

describe('orders and the map layers', () => {
  it('refuses a pickup inside a restricted area with a 422 on pickup naming it', async () => {
    const res = await order(PALACE, CASINO);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ pickup: [GEO_MSG.restricted('Palace forecourt')] });
  });

  it('refuses a dropoff there too when the area applies to both ends', async () => {
    const res = await order(HELIPORT, PALACE, 3);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ dropoff: [GEO_MSG.restricted('Palace forecourt')] });
  });

  it('lets the allowed service pick up in an area, and any service drop off where only pickups are restricted', async () => {
    const refused = await order(HELIPORT, [7.4246, 43.7384]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.pickup).toEqual([GEO_MSG.restricted('Heliport pad')]);
    expect((await order(HELIPORT, [7.4246, 43.7384], 3)).statusCode).toBe(201);
    expect((await order([7.4246, 43.7384], HELIPORT)).statusCode).toBe(201);
  });

  it('accepts a booking just outside the areas, its sectors from the editable sectors', async () => {
    const res = await order([PALACE[0], PALACE[1] + 0.0015], [7.4246, 43.7384]);
    expect(res.statusCode).toBe(201);
    const dto = res.json().data as BookingDto;
    expect(dto.review_reason).toBeNull();
    expect(dto.pickup_sector?.name).toBe('La Condamine');
  });

  it("refuses a blacklisted 'refuse' place within its radius", async () => {
    const res = await order([7.4246, 43.7384], [STADIUM[0] + 0.0002, STADIUM[1]]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ dropoff: [GEO_MSG.blacklisted('Closed road')] });
  });

  it("takes a booking from a 'flag' place, flagged for review with a log row", async () => {
    const res = await order(CASINO, [7.4246, 43.7384]);
    expect(res.statusCode).toBe(201);
    const dto = res.json().data as BookingDto;
    expect(dto.review_reason).toBe('Casino back door');
    const logs = await t.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'booking'),
          eq(auditLog.entityId, String(dto.id)),
          eq(auditLog.action, 'flag for review'),
        ),
      );
    expect(logs).toEqual([{ after: { review_reason: 'Casino back door' } }]);
    const check = await call('GET', `geo/check?lon=${CASINO[0]}&lat=${CASINO[1]}&role=pickup&service_id=2`, disp);
    expect(check.json().data).toMatchObject({ allowed: true, refusals: [], flags: [{ name: 'Casino back door' }] });
  });

  it('refuses a fare quote the booking would be refused for, and quotes the same trip once it is allowed', async () => {
    const quote = (pickup: LonLat, serviceId = 2) =>
      call('POST', 'fare/quote', disp, {
        service_id: serviceId,
        pickup: { lon: pickup[0], lat: pickup[1] },
        dropoff: { lon: 7.4246, lat: 43.7384 },
      });
    const refused = await quote(HELIPORT);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ pickup: [GEO_MSG.restricted('Heliport pad')] });
    const allowed = await quote(HELIPORT, 3);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data.cents).toBeGreaterThan(0);
  });
});
