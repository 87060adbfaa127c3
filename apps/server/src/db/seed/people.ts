import { DEMO_DATA, MAP_CENTER } from '@taxi/shared';
import { count, sql } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { carModels, cashRegisters, colors } from '../schema';
import type { Seeder } from './index';

/** Demo ID card images, served by the files module from code (no file on disk). */
export const DEMO_ID_FRONT = 'demo-id-front.svg';
export const DEMO_ID_BACK = 'demo-id-back.svg';

const FIRST_NAMES = [
  // Monégasque, French and Italian first names
  'Albert',
  'Rainier',
  'Louis',
  'Charlotte',
  'Caroline',
  'Stéphanie',
  'Pierre',
  'Andrea',
  'Gabriel',
  'Jacques',
  'Gabriella',
  'Camille',
  'Léa',
  'Chloé',
  'Manon',
  'Julien',
  'Nicolas',
  'Thomas',
  'Antoine',
  'Mathieu',
  'Sophie',
  'Claire',
  'Élodie',
  'Isabelle',
  'Hugo',
  'Lucas',
  'Théo',
  'Inès',
  'Jade',
  'Emma',
  'Marco',
  'Giulia',
  'Francesca',
  'Alessandro',
  'Lorenzo',
  'Matteo',
  'Chiara',
  'Sofia',
  'Giovanni',
  'Luca',
  'Paolo',
  'Elena',
  'Valentina',
  'Stefano',
  'Federica',
  'Riccardo',
  'Marie',
  'Anne',
  'Jean',
  'Paul',
  'Sébastien',
  'Aurélie',
  'Delphine',
  'Olivier',
  'Laurent',
  'Béatrice',
  'Raphaël',
  'Noémie',
  'Enzo',
  'Alice',
];
const LAST_NAMES = [
  'Grimaldi',
  'Pastor',
  'Boisson',
  'Médecin',
  'Notari',
  'Rey',
  'Gastaud',
  'Crovetto',
  'Bellando',
  'Marsan',
  'Fissore',
  'Giordan',
  'Lorenzi',
  'Campora',
  'Blanchi',
  'Barral',
  'Ferrero',
  'Orecchia',
  'Settimo',
  'Vatrican',
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Michel',
  'Garcia',
  'Fournier',
  'Girard',
  'Bonnet',
  'Dupont',
  'Lambert',
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
];

const BRANDS: Record<string, string[]> = {
  Mercedes: ['E-Class', 'S-Class', 'V-Class'],
  Toyota: ['Prius', 'Corolla', 'Camry'],
  Peugeot: ['508', '5008'],
  Renault: ['Talisman', 'Espace'],
  Tesla: ['Model 3', 'Model Y'],
  BMW: ['5 Series', '7 Series'],
};
const COLORS: [string, string][] = [
  [DEMO_DATA.colours.black, '#111111'],
  [DEMO_DATA.colours.white, '#f5f5f5'],
  [DEMO_DATA.colours.silver, '#c0c0c0'],
  [DEMO_DATA.colours.grey, '#808080'],
  [DEMO_DATA.colours.blue, '#1f4e9c'],
];
const CASH_REGISTERS = Object.values(DEMO_DATA.cashRegisters);

const textArray = (items: readonly string[]) =>
  sql.raw(`ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]::text[]`);

async function ensureCatalogue(tx: DbOrTx): Promise<void> {
  const [{ n: brands }] = await tx.select({ n: count() }).from(carModels);
  if (brands === 0) {
    for (const [brand, models] of Object.entries(BRANDS)) {
      await tx.execute(sql`WITH b AS (INSERT INTO car_brands (name) VALUES (${brand}) RETURNING id)
        INSERT INTO car_models (car_brand_id, name) SELECT b.id, m FROM b, unnest(${textArray(models)}) AS m`);
    }
  }
  const [{ n: colorCount }] = await tx.select({ n: count() }).from(colors);
  if (colorCount === 0) {
    await tx.execute(
      sql`INSERT INTO colors (name, hex) SELECT * FROM unnest(${textArray(COLORS.map((c) => c[0]))}, ${textArray(COLORS.map((c) => c[1]))})`,
    );
  }
  const [{ n: registers }] = await tx.select({ n: count() }).from(cashRegisters);
  if (registers === 0) {
    await tx.execute(sql`INSERT INTO cash_registers (name) SELECT unnest(${textArray(CASH_REGISTERS)})`);
  }
}

/**
 * Captains with cars near the demo city's places, and passengers (some unapproved with or without ID
 * documents, some with loyalty classes, VIP, unregistered) with account entries. Set-based SQL only:
 * 100,000 passengers take seconds on PGlite. Volume follows DEMO_SCALE (0 = the small set tests use).
 */
export const seedPeople: Seeder = {
  name: 'people',
  async run(tx, { log, scale }) {
    const captainCount = Math.max(60, Math.round(5000 * scale));
    const passengerCount = Math.max(300, Math.round(100_000 * scale));
    const entryPassengers = Math.max(30, Math.round(3000 * scale));
    await ensureCatalogue(tx);
    const firsts = textArray(FIRST_NAMES);
    const lasts = textArray(LAST_NAMES);
    const [lon, lat] = MAP_CENTER;

    await tx.execute(sql`
      WITH p AS (
        SELECT coalesce(array_agg(lon ORDER BY id), ARRAY[${lon}::float8]) AS lons,
               coalesce(array_agg(lat ORDER BY id), ARRAY[${lat}::float8]) AS lats
        FROM places
      ), g AS (
        SELECT i, ${firsts} AS f, ${lasts} AS l, p.lons, p.lats FROM generate_series(1, ${captainCount}) AS i, p
      ), n AS (
        SELECT i, f[1 + (i * 7) % array_length(f, 1)] AS first_name,
               l[1 + (i * 13 + i / 60) % array_length(l, 1)] AS last_name,
               lons[1 + (i * 31) % array_length(lons, 1)] + ((i * 37) % 100 - 50) * 0.00006 AS lon,
               lats[1 + (i * 31) % array_length(lats, 1)] + ((i * 53) % 100 - 50) * 0.00004 AS lat
        FROM g
      )
      INSERT INTO captains (first_name, last_name, username, email, phone_number, whatsapp_number, active, registered,
        activated_at, cash_register_id, blocked_until, block_reason, blocked_at, service_ids, online, last_lon, last_lat,
        last_location_at, created_at)
      SELECT first_name, last_name,
        lower(translate(first_name, 'éèÉ', 'eeE')) || '.' || lower(translate(replace(last_name, ' ', ''), 'éè', 'ee')) || i,
        lower(translate(first_name, 'éèÉ', 'eeE')) || '.' || i || '@drivers.example.com',
        '+3776' || lpad(i::text, 7, '0'), '+3776' || lpad(i::text, 7, '0'),
        i % 10 <> 0, i % 20 <> 0,
        CASE WHEN i % 10 <> 0 THEN now() - (i % 700) * interval '1 day' END,
        CASE WHEN i % 10 <> 0 THEN (SELECT min(id) FROM cash_registers) END,
        CASE WHEN i % 50 = 0 THEN now() + (1 + i % 14) * interval '1 day' END,
        CASE WHEN i % 50 = 0 THEN 'Repeated late arrivals reported by passengers' END,
        CASE WHEN i % 50 = 0 THEN now() - interval '1 day' END,
        CASE WHEN i % 7 = 0 THEN '[7]'::jsonb WHEN i % 5 = 0 THEN '[1,2,4]'::jsonb ELSE '[1,2,3,5,6]'::jsonb END,
        i % 10 <> 0 AND i % 3 = 0, lon, lat, now() - (i % 600) * interval '1 second',
        now() - (i % 900) * interval '1 day'
      FROM n ORDER BY i`);

    await tx.execute(sql`
      WITH m AS (SELECT array_agg(id ORDER BY id) AS ids FROM car_models),
           c AS (SELECT array_agg(id ORDER BY id) AS ids FROM colors)
      INSERT INTO cars (captain_id, number, color_id, car_model_id, vehicle_type, seats)
      SELECT cap.id, 'MC-' || lpad(cap.id::text, 5, '0'),
        c.ids[1 + cap.id % array_length(c.ids, 1)], m.ids[1 + (cap.id * 3) % array_length(m.ids, 1)],
        CASE WHEN cap.service_ids @> '[7]' THEN 'luxury' WHEN cap.service_ids @> '[4]' THEN 'van' ELSE 'sedan' END,
        CASE WHEN cap.service_ids @> '[4]' THEN 7 ELSE 4 END
      FROM captains cap, m, c`);

    // What captains offer, for the booking constraints: some speak English, some carry a child seat...
    await tx.execute(sql`
      UPDATE captains SET capabilities = (
        SELECT coalesce(jsonb_agg(cap), '[]'::jsonb) FROM (VALUES
          (CASE WHEN id % 2 = 0 THEN 'english' END), (CASE WHEN id % 3 = 0 THEN 'child_seat' END),
          (CASE WHEN id % 5 = 0 THEN 'pet' END), (CASE WHEN id % 4 <> 1 THEN 'no_smoking' END)
        ) AS v(cap) WHERE cap IS NOT NULL)`);

    await tx.execute(sql`
      WITH g AS (SELECT i, ${firsts} AS f, ${lasts} AS l FROM generate_series(1, ${passengerCount}) AS i),
      n AS (
        SELECT i, f[1 + (i * 11 + i / 97) % array_length(f, 1)] AS first_name,
               l[1 + (i * 17 + i / 53) % array_length(l, 1)] AS last_name
        FROM g
      )
      INSERT INTO passengers (first_name, last_name, username, email, phone_number, whatsapp_number, id_card_front,
        id_card_back, approved_at, rejected_count, can_use_vip, active_loyalty_classes, active, registered, gender,
        created_at, updated_at)
      SELECT first_name, last_name,
        CASE WHEN i % 25 <> 0 THEN 'p' || i END,
        CASE WHEN i % 25 <> 0 AND i % 3 <> 0 THEN
          lower(translate(first_name, 'éèÉ', 'eeE')) || '.' || lower(translate(replace(last_name, ' ', ''), 'éè', 'ee')) || i || '@mail.example.com'
        END,
        '+336' || lpad(i::text, 8, '0'),
        CASE WHEN i % 25 <> 0 THEN '+336' || lpad(i::text, 8, '0') END,
        -- approved passengers and a pool of unapproved ones sent their ID documents; others have none
        CASE WHEN i % 10 < 7 OR i % 10 = 7 THEN ${DEMO_ID_FRONT} END,
        CASE WHEN i % 10 < 7 OR (i % 10 = 7 AND i % 20 <> 7) THEN ${DEMO_ID_BACK} END,
        CASE WHEN i % 10 < 7 THEN now() - (i % 500) * interval '1 day' END,
        CASE WHEN i % 10 = 9 THEN 1 + i % 3 ELSE 0 END,
        i % 20 = 0,
        CASE WHEN i % 7 = 0 THEN jsonb_build_array('P' || (i / 7) % 4) ELSE '[]'::jsonb END,
        i % 10 < 7,
        i % 25 <> 0,
        i % 2,
        now() - (i % 1000) * interval '1 day' - (i % 86400) * interval '1 second',
        now() - (i % 100) * interval '1 day'
      FROM n ORDER BY i`);

    // Account entries in cents, signed as ENTRY_DIRECTION says (migrations and penalties subtract).
    await tx.execute(sql`
      WITH t AS (SELECT ARRAY['wallet_migration','payment','passenger_penalty','passenger_bonus']::text[] AS types)
      INSERT INTO account_entries (owner_kind, owner_id, type, amount, created_at)
      SELECT 'passenger', p.id, t.types[1 + (p.id + k) % 4],
        CASE WHEN (p.id + k) % 4 IN (1, 2) THEN -((p.id * k) % 20 + 5) * 100 ELSE ((p.id * k) % 60 + 8) * 100 END,
        now() - ((p.id + k * 13) % 200) * interval '1 day'
      FROM (SELECT id FROM passengers WHERE approved_at IS NOT NULL ORDER BY id LIMIT ${entryPassengers}) p,
        generate_series(1, 4) AS k, t`);
    await tx.execute(sql`
      WITH t AS (SELECT ARRAY['ride','captain_bonus','captain_penalty','closing_payment']::text[] AS types)
      INSERT INTO account_entries (owner_kind, owner_id, type, amount, created_at)
      SELECT 'captain', c.id, t.types[1 + (c.id + k) % 4],
        CASE WHEN (c.id + k) % 4 IN (2, 3) THEN -((c.id * k) % 20 + 5) * 100 ELSE ((c.id * k) % 60 + 8) * 100 END,
        now() - ((c.id + k * 13) % 200) * interval '1 day'
      FROM (SELECT id FROM captains WHERE active ORDER BY id LIMIT ${entryPassengers}) c,
        generate_series(1, 4) AS k, t`);

    // fresh statistics, so the search plans use the prefix indexes straight away
    await tx.execute(sql`ANALYZE passengers, captains, cars, account_entries`);
    log(`${captainCount} captains with cars, ${passengerCount} passengers`);
  },
};
