import { DEMO_DATA } from '@taxi/shared';
import {
  banks,
  carBrands,
  carModels,
  cashRegisters,
  changeCaptainReasons,
  colors,
  nationalities,
  ratingCauses,
  vouchers,
} from '../schema';
import type { Seeder } from './index';

const BRANDS: Record<string, readonly string[]> = {
  'Mercedes-Benz': ['E-Class', 'S-Class', 'V-Class', 'C-Class', 'EQE', 'EQS'],
  Tesla: ['Model 3', 'Model Y', 'Model S', 'Model X'],
  Toyota: ['Prius', 'Corolla', 'Camry', 'RAV4', 'C-HR'],
  Peugeot: ['508', '308', '3008', '5008', 'e-208'],
  Renault: ['Zoe', 'Megane E-Tech', 'Clio', 'Espace', 'Austral'],
  BMW: ['5 Series', '7 Series', 'i4', 'i5', 'iX'],
  Audi: ['A6', 'A8', 'Q7', 'e-tron GT'],
  Volkswagen: ['Passat', 'ID.4', 'ID. Buzz', 'Multivan'],
  Skoda: ['Superb', 'Octavia', 'Enyaq'],
  Citroën: ['C5 X', 'ë-C4', 'SpaceTourer'],
  'DS Automobiles': ['DS 7', 'DS 9'],
  Hyundai: ['Ioniq 5', 'Ioniq 6', 'Kona Electric', 'Tucson'],
  Kia: ['EV6', 'EV9', 'Niro', 'Sorento'],
  Lexus: ['ES', 'RX', 'LM'],
  Volvo: ['S90', 'XC60', 'XC90', 'EX30'],
  Ford: ['Tourneo Custom', 'Mustang Mach-E', 'Galaxy'],
  Nissan: ['Leaf', 'Ariya', 'X-Trail'],
  Honda: ['Civic', 'CR-V', 'e:Ny1'],
  Mazda: ['6', 'CX-5', 'CX-60'],
  Opel: ['Insignia', 'Astra', 'Zafira Life'],
  Fiat: ['500e', 'Tipo', 'Scudo'],
  Jaguar: ['XF', 'I-Pace'],
  'Land Rover': ['Range Rover', 'Discovery', 'Defender'],
  Porsche: ['Taycan', 'Panamera', 'Cayenne'],
  Bentley: ['Flying Spur', 'Bentayga'],
  'Rolls-Royce': ['Ghost', 'Phantom', 'Cullinan'],
  Maserati: ['Ghibli', 'Grecale'],
  Cupra: ['Born', 'Formentor'],
  Polestar: ['Polestar 2', 'Polestar 3'],
  BYD: ['Seal', 'Atto 3', 'Han'],
};

const K = DEMO_DATA.colours;
const COLORS: readonly [string, string][] = [
  [K.black, '#000000'],
  [K.white, '#ffffff'],
  [K.silver, '#c0c0c0'],
  [K.grey, '#808080'],
  [K.darkBlue, '#1f2a44'],
  [K.blue, '#1e5bb8'],
  [K.red, '#b71c1c'],
  [K.burgundy, '#6d1b2b'],
  [K.green, '#2e7d32'],
  [K.beige, '#d8c8a8'],
  [K.brown, '#5d4037'],
  [K.gold, '#c9a227'],
];

/** By country code: the demo's nationalities. */
const NATIONALITIES = Object.entries(DEMO_DATA.nationalities).map(([code, name]) => [name, code] as const);

const BANKS: readonly [string, string, string][] = [
  ['CMB Monaco', 'CMBMMCMX', 'Monaco'],
  ['Banque Populaire Méditerranée', 'CCBPFRPPNCE', 'France'],
  ['BNP Paribas Wealth Management Monaco', 'BNPAMCM1', 'Monaco'],
  ['Société Générale Private Banking Monaco', 'SGBTMCMC', 'Monaco'],
  ['Crédit Agricole Provence Côte d’Azur', 'AGRIFRPP891', 'France'],
  ['Crédit Mutuel Méditerranéen', 'CMCIFR2A', 'France'],
  ['CIC Lyonnaise de Banque', 'CMCIFRPP', 'France'],
  ['La Banque Postale', 'PSSTFRPPMAR', 'France'],
  ['Caisse d’Epargne Côte d’Azur', 'CEPAFRPP831', 'France'],
  ['Banque J. Safra Sarasin Monaco', 'SARAMCMC', 'Monaco'],
];

const R = DEMO_DATA.ratingCauses;
const RATING_CAUSES: readonly [string, 'captain' | 'passenger'][] = [
  [R.lateArrival, 'captain'],
  [R.unsafeDriving, 'captain'],
  [R.dirtyVehicle, 'captain'],
  [R.rude, 'captain'],
  [R.wrongRoute, 'captain'],
  [R.excellent, 'captain'],
  [R.passengerLate, 'passenger'],
  [R.passengerRude, 'passenger'],
  [R.damage, 'passenger'],
  [R.pleasant, 'passenger'],
];

const CHANGE_CAPTAIN_REASONS = DEMO_DATA.changeCaptainReasons;

const DAY = 86_400_000;

/** Catalogues of the console: car brands and models, colours, nationalities, banks, reasons, vouchers. */
export const seedCatalogue: Seeder = {
  name: 'catalogue',
  async run(db, { log }) {
    let models = 0;
    for (const [name, list] of Object.entries(BRANDS)) {
      const [brand] = await db.insert(carBrands).values({ name }).returning({ id: carBrands.id });
      await db.insert(carModels).values(list.map((model) => ({ carBrandId: brand.id, name: model })));
      models += list.length;
    }
    await db.insert(colors).values(COLORS.map(([name, hex]) => ({ name, hex })));
    await db.insert(nationalities).values(NATIONALITIES.map(([name, code]) => ({ name, code })));
    await db.insert(banks).values(BANKS.map(([name, swift, country]) => ({ name, swift, country })));
    await db.insert(ratingCauses).values(RATING_CAUSES.map(([name, target]) => ({ name, target })));
    await db.insert(changeCaptainReasons).values(CHANGE_CAPTAIN_REASONS.map((text) => ({ text })));
    await db.insert(cashRegisters).values(Object.values(DEMO_DATA.cashRegisters).map((name) => ({ name })));
    const now = Date.now();
    await db
      .insert(vouchers)
      .values([
        { code: 'WELCOME10', amount: 10, maxUses: 1000, expiresAt: new Date(now + 180 * DAY) },
        { code: 'GRANDPRIX25', amount: 25, maxUses: 200, expiresAt: new Date(now + 60 * DAY) },
        { code: 'NIGHT15', amount: 15, maxUses: null, expiresAt: null },
        { code: 'HOTEL20', amount: 20, maxUses: 500, expiresAt: new Date(now + 365 * DAY) },
        { code: 'SUMMER2025', amount: 30, maxUses: 100, expiresAt: new Date(now - 30 * DAY), active: false },
      ])
      .onConflictDoNothing();
    log(`seeded ${Object.keys(BRANDS).length} car brands, ${models} models and the catalogues`);
  },
};
