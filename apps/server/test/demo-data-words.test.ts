import { CATALOGUES } from '@taxi/shared/i18n/catalogues';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bonuses,
  captainCancellationReasons,
  cashRegisters,
  changeCaptainReasons,
  colors,
  complaintCategories,
  conditionalBonuses,
  constraints,
  contractTemplateLevels,
  contractTemplates,
  nationalities,
  priceRules,
  projects,
  ratingCauses,
  roles,
  services,
  surveyQuestions,
  surveys,
  userCancellationReasons,
  vehicleTypes,
} from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(() => t.close());

/**
 * The demo's catalogue rows are named in English (as stored); the console shows each name in its language
 * (dataLabel): every name the seed writes has its French and its Arabic, whatever seeder wrote it.
 */
describe('the demo data in the console’s language', () => {
  it('every seeded name of a catalogue the console shows has a French and an Arabic translation', async () => {
    const db = t.db;
    const lists: Record<string, string[]> = {
      services: (await db.select({ v: services.name }).from(services)).map((r) => r.v),
      constraints: (await db.select({ v: constraints.constraintName }).from(constraints)).map((r) => r.v),
      colours: (await db.select({ v: colors.name }).from(colors)).map((r) => r.v),
      nationalities: (await db.select({ v: nationalities.name }).from(nationalities)).map((r) => r.v),
      ratingCauses: (await db.select({ v: ratingCauses.name }).from(ratingCauses)).map((r) => r.v),
      userReasons: (await db.select({ v: userCancellationReasons.text }).from(userCancellationReasons)).map((r) => r.v),
      captainReasons: (await db.select({ v: captainCancellationReasons.text }).from(captainCancellationReasons)).map(
        (r) => r.v,
      ),
      changeReasons: (await db.select({ v: changeCaptainReasons.text }).from(changeCaptainReasons)).map((r) => r.v),
      complaintCategories: (await db.select({ v: complaintCategories.name }).from(complaintCategories)).map((r) => r.v),
      cashRegisters: (await db.select({ v: cashRegisters.name }).from(cashRegisters)).map((r) => r.v),
      roles: (await db.select({ v: roles.name }).from(roles)).map((r) => r.v),
      vehicleTypes: (await db.select({ v: vehicleTypes.name }).from(vehicleTypes)).map((r) => r.v),
      surveys: (await db.select({ v: surveys.title }).from(surveys)).map((r) => r.v),
      questions: (
        await db.select({ v: surveyQuestions.prompt, o: surveyQuestions.options }).from(surveyQuestions)
      ).flatMap((r) => [r.v, ...r.o]),
      contracts: [
        ...(await db.select({ v: contractTemplates.name }).from(contractTemplates)).map((r) => r.v),
        ...(await db.select({ v: contractTemplateLevels.name }).from(contractTemplateLevels)).map((r) => r.v),
      ],
      bonuses: [
        ...(await db.select({ v: bonuses.name }).from(bonuses)).map((r) => r.v),
        ...(await db.select({ v: conditionalBonuses.name }).from(conditionalBonuses)).map((r) => r.v),
      ],
      projects: (await db.select({ v: projects.name }).from(projects)).map((r) => r.v),
      priceRules: (await db.select({ v: priceRules.name }).from(priceRules)).map((r) => r.v),
    };
    // The walk reads real rows: every list is seeded, the demo's services and the spec's Goverment among them.
    expect(Object.entries(lists).filter(([, names]) => names.length === 0)).toEqual([]);
    expect(lists.services).toContain('Full car');
    expect(lists.roles).toContain('Goverment');
    for (const [language, catalogue] of Object.entries(CATALOGUES)) {
      const missing = Object.entries(lists).flatMap(([list, names]) =>
        names.filter((name) => !catalogue[name]?.trim()).map((name) => `${list}: ${name}`),
      );
      expect(missing, language).toEqual([]);
    }
  });
});
