import { PARTNER_ROLES, type PartnerKind } from '@taxi/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import { hashPassword } from '../../lib/password';
import { companyRequests, partners, places, roles, userRoles, users } from '../schema';
import type { Seeder } from './index';
import { DEMO_PASSWORD } from './staff';

/** Demo companies (the city has no office places worth naming). */
const COMPANIES = [
  { name: 'Riviera Yachting SAM', address: 'Quai Antoine 1er', lon: 7.4235, lat: 43.7362 },
  { name: 'Monaco Finance Group', address: 'Boulevard des Moulins', lon: 7.4259, lat: 43.7445 },
  { name: 'Port Hercule Logistics', address: 'Quai Albert 1er', lon: 7.4222, lat: 43.7347 },
];

/** Partner staff of the demo: one login per kind, and a second hotel to see tenant isolation. */
export const DEMO_PARTNER_USERS: readonly {
  email: string;
  firstName: string;
  lastName: string;
  kind: PartnerKind;
  index: number;
}[] = [
  { email: 'hotel@example.com', firstName: 'Hélène', lastName: 'Hotel', kind: 'hotel', index: 0 },
  { email: 'hotel2@example.com', firstName: 'Hugo', lastName: 'Hotelier', kind: 'hotel', index: 1 },
  { email: 'restaurant@example.com', firstName: 'Rémi', lastName: 'Restaurant', kind: 'restaurant', index: 0 },
  { email: 'company@example.com', firstName: 'Camille', lastName: 'Company', kind: 'company', index: 0 },
];

/**
 * Hotels and restaurants from the demo city's places (their address and position), three companies, the
 * partner roles, and the demo partner staff (all with DEMO_PASSWORD).
 */
export const seedPartners: Seeder = {
  name: 'partners',
  async run(db, { log }) {
    await db
      .insert(roles)
      .values(Object.values(PARTNER_ROLES).map(({ id, name }) => ({ id, name })))
      .onConflictDoNothing();
    const cityPlaces = await db
      .select()
      .from(places)
      .where(inArray(places.category, ['hotel', 'restaurant']))
      .orderBy(asc(places.category), asc(places.id));
    const fromPlace = (p: (typeof cityPlaces)[number], i: number) => ({
      kind: p.category,
      name: p.name,
      address: p.addrStreet,
      lon: p.lon,
      lat: p.lat,
      placeId: p.id,
      billing: i % 3 === 0 ? 'per_ride' : 'monthly',
      maxActiveBookings: p.category === 'hotel' ? 5 : 3,
    });
    const rows = [
      ...cityPlaces.filter((p) => p.category === 'hotel').map(fromPlace),
      ...cityPlaces
        .filter((p) => p.category === 'restaurant')
        .slice(0, 12)
        .map(fromPlace),
      ...COMPANIES.map((c, i) => ({ kind: 'company', ...c, billing: 'monthly', maxActiveBookings: 10 + i })),
    ].map((r, i) => ({
      ...r,
      contactName: `Front desk ${i + 1}`,
      contactPhone: `+377 93 ${String(10 + (i % 90)).padStart(2, '0')} 00 ${String(i % 100).padStart(2, '0')}`,
      contactEmail: `desk${i + 1}@partners.example.com`,
    }));
    const inserted = rows.length
      ? await db.insert(partners).values(rows).returning({ id: partners.id, kind: partners.kind })
      : [];
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    let made = 0;
    for (const u of DEMO_PARTNER_USERS) {
      const partner = inserted.filter((p) => p.kind === u.kind)[u.index];
      if (!partner) continue;
      const [row] = await db
        .insert(users)
        .values({
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          passwordHash,
          partnerId: partner.id,
          partnerKind: u.kind,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (!row) continue;
      await db.insert(userRoles).values({ userId: row.id, roleId: PARTNER_ROLES[u.kind].id, position: 0 });
      made++;
    }
    await db.insert(companyRequests).values([
      {
        companyName: 'Larvotto Events SARL',
        address: 'Avenue Princesse Grace',
        contactFirstName: 'Léa',
        contactLastName: 'Larvotto',
        contactEmail: 'lea@larvotto-events.example.com',
        contactPhone: '+377 93 50 00 01',
        message: 'We move guests between venues most evenings and would like a monthly invoice.',
      },
      {
        companyName: 'Fontvieille Tech',
        address: 'Rue du Gabian',
        contactFirstName: 'Marc',
        contactLastName: 'Gabian',
        contactEmail: 'marc@fontvieille-tech.example.com',
        message: 'Airport transfers for our visitors.',
      },
      {
        companyName: 'Quick Cash Rides',
        contactFirstName: 'Sam',
        contactLastName: 'Spam',
        contactEmail: 'sam@quickcash.example.com',
        status: 'rejected',
        rejectReason: 'No company registration number could be found.',
      },
    ]);
    const [first] = await db.select({ name: partners.name }).from(partners).where(eq(partners.kind, 'hotel')).limit(1);
    log(`seeded ${inserted.length} partners (first hotel ${first?.name ?? 'none'}) and ${made} partner staff`);
  },
};
