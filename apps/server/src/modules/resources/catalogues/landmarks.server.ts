import { eq } from 'drizzle-orm';
import { landmarks, places } from '../../../db/schema';
import { refreshLayers } from '../../geo/catalogue-hooks';
import type { ServerHooks } from '../service';

/**
 * Landmarks stand for a city place (bookings' landmark_pickup and landmark_dropoff point at places): one made in
 * the console gets a place of its own (osm_id: minus the landmark's id, no OpenStreetMap object has it), and an
 * edit moves and renames its place. Every node then reloads them (the place pickers offer them).
 */
const hooks: ServerHooks = {
  async afterSave(_input, { tx, id }) {
    const [row] = await tx.select().from(landmarks).where(eq(landmarks.id, id));
    if (!row) return;
    const place = { name: row.name, lon: row.lon, lat: row.lat };
    if (row.placeId !== null) {
      await tx.update(places).set(place).where(eq(places.id, row.placeId));
      return;
    }
    const [made] = await tx
      .insert(places)
      .values({ ...place, osmId: -id, category: 'landmark' })
      .returning({ id: places.id });
    await tx.update(landmarks).set({ placeId: made.id }).where(eq(landmarks.id, id));
  },
  afterWrite: refreshLayers,
};

export default hooks;
