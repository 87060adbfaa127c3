import type { LonLat, PolygonGeometry } from '@taxi/shared/geo';
import { asc } from 'drizzle-orm';
import {
  areaClusters,
  blacklistLocations,
  landmarks,
  locationContainers,
  locations,
  places,
  restrictedAreas,
  seasonalDestinations,
  sectors,
  stations,
} from '../schema';
import type { Seeder } from './index';

const M_PER_DEGREE = 111_320;

/** A small square outline around a point (half side in metres). */
function square([lon, lat]: LonLat, half: number): PolygonGeometry {
  const dLat = half / M_PER_DEGREE;
  const dLon = half / (M_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  const ring: LonLat[] = [
    [lon - dLon, lat - dLat],
    [lon + dLon, lat - dLat],
    [lon + dLon, lat + dLat],
    [lon - dLon, lat + dLat],
    [lon - dLon, lat - dLat],
  ];
  return { type: 'Polygon', coordinates: [ring] };
}

/** A landmark's category from its name (the imported places carry none finer than "landmark"). */
function landmarkCategory(name: string): string {
  if (/mus[ée]e|collection|exposition/i.test(name)) return 'museum';
  if (/jardin|parc|square|roseraie|promenade/i.test(name)) return 'park';
  if (/port\b|port /i.test(name)) return 'port';
  if (/h[ée]liport|terminal|gare|station/i.test(name)) return 'transport';
  if (/stade|th[ée][aâ]tre|op[ée]ra|auditorium|casino|chapiteau|sporting|salle|pavillons/i.test(name)) return 'venue';
  if (/palais|fort|mairie|grand prix|hairpin|march[ée]/i.test(name)) return 'monument';
  return 'other';
}

const ALIASES: Record<string, string> = {
  'Casino de Monte Carlo': 'Casino, Place du Casino',
  'Palais Princier de Monaco': "Palais, Prince's Palace",
  'Port Hercule de Monaco': 'Port, Harbour, Port Hercule',
  'Stade Louis-II': 'Stade, Stadium',
  'Musée Océanographique': 'Oceanographic Museum, Aquarium',
};

/**
 * The map layers of the demo: the city's landmarks and stations become editable rows (every scale: the
 * imported city is the tests' too), with area clusters, location containers, seasonal destinations, restricted
 * areas and blacklisted places.
 */
export const seedGeo: Seeder = {
  name: 'geo',
  async run(tx, { scale }) {
    const placeRows = await tx.select().from(places).orderBy(asc(places.name));
    if (placeRows.length === 0) return;
    const at = (name: string): LonLat | null => {
      const p = placeRows.find((r) => r.name === name);
      return p ? [p.lon, p.lat] : null;
    };
    const marks = placeRows.filter((p) => p.category === 'landmark');
    if (marks.length)
      await tx.insert(landmarks).values(
        marks.map((p) => ({
          name: p.name,
          category: landmarkCategory(p.name),
          aliases: ALIASES[p.name] ?? null,
          lon: p.lon,
          lat: p.lat,
          placeId: p.id,
        })),
      );
    const ranks = placeRows
      .filter((p) => p.category === 'station')
      .map((p) => ({ name: p.name, lon: p.lon, lat: p.lat, radiusM: 60 }));
    const casino = at('Casino de Monte Carlo');
    if (casino) ranks.push({ name: 'Place du Casino', lon: casino[0] + 0.0004, lat: casino[1] - 0.0002, radiusM: 50 });
    if (ranks.length) await tx.insert(stations).values(ranks);

    const sectorRows = await tx.select({ id: sectors.id, name: sectors.name }).from(sectors);
    const ids = (names: string[]) => sectorRows.filter((s) => names.includes(s.name)).map((s) => s.id);
    const clusters = [
      { name: 'West', sectorIds: ids(['Fontvieille', 'Monaco-Ville', 'La Condamine']) },
      { name: 'East', sectorIds: ids(['Monte-Carlo', 'Larvotto', 'La Rousse']) },
      { name: 'Harbour', sectorIds: ids(['La Condamine', 'Monaco-Ville']) },
    ].filter((c) => c.sectorIds.length > 0);
    if (clusters.length) await tx.insert(areaClusters).values(clusters);

    const port = at('Port Hercule de Monaco');
    if (port) {
      const [c] = await tx
        .insert(locationContainers)
        .values({ name: 'Port Hercule', description: 'The quays of the harbour' })
        .returning({ id: locationContainers.id });
      await tx.insert(locations).values([
        {
          name: 'Quai Albert Ier',
          containerId: c.id,
          lon: port[0] - 0.0012,
          lat: port[1] + 0.0008,
          address: 'Quai Albert Ier',
        },
        {
          name: 'Quai Antoine Ier',
          containerId: c.id,
          lon: port[0] + 0.0015,
          lat: port[1] - 0.0012,
          address: 'Quai Antoine Ier',
        },
      ]);
    }
    if (casino) {
      const [c] = await tx
        .insert(locationContainers)
        .values({ name: 'Casino de Monte-Carlo', description: 'Entrances of the casino' })
        .returning({ id: locationContainers.id });
      await tx.insert(locations).values([
        {
          name: 'Casino main entrance',
          containerId: c.id,
          lon: casino[0],
          lat: casino[1] - 0.0003,
          address: 'Place du Casino',
        },
        {
          name: 'Casino terraces',
          containerId: c.id,
          lon: casino[0] + 0.0003,
          lat: casino[1] + 0.0002,
          address: 'Place du Casino',
        },
      ]);
    }
    await tx.insert(seasonalDestinations).values([
      { season: 'hot', name: 'Nice Côte d’Azur airport', lon: 7.2159, lat: 43.6584, price: 110 },
      { season: 'hot', name: 'Menton', lon: 7.4977, lat: 43.7747, price: 45 },
      { season: 'night', name: 'Nice Côte d’Azur airport', lon: 7.2159, lat: 43.6584, price: 130 },
      { season: 'day', name: 'Èze village', lon: 7.3614, lat: 43.7281, price: null },
    ]);

    // The tests' city (scale 0) has them too, switched off: no test booking is refused by the demo's zones.
    const active = scale > 0;
    const palace = at('Palais Princier de Monaco');
    const heliport = at('Héliport de Monaco');
    const stadium = at('Stade Louis-II');
    const areas = [
      palace && {
        name: 'Palace square',
        geometry: square(palace, 60),
        appliesTo: 'both',
        allowedServiceIds: [],
        allowedFrom: null,
        allowedTo: null,
        active,
      },
      heliport && {
        name: 'Heliport apron',
        geometry: square(heliport, 70),
        appliesTo: 'pickup',
        allowedServiceIds: [],
        allowedFrom: '07:00',
        allowedTo: '21:00',
        active,
      },
    ].filter((a): a is NonNullable<typeof a> => !!a);
    if (areas.length) await tx.insert(restrictedAreas).values(areas);
    if (stadium)
      await tx.insert(blacklistLocations).values([
        {
          name: 'Stadium service road',
          action: 'refuse',
          reason: 'Closed road',
          lon: stadium[0] + 0.001,
          lat: stadium[1] - 0.0005,
          radiusM: 40,
          active,
        },
        {
          name: 'Stadium car park',
          action: 'flag',
          reason: 'Repeated no-shows',
          lon: stadium[0] - 0.0008,
          lat: stadium[1] + 0.0004,
          radiusM: 50,
          active,
        },
      ]);
  },
};
