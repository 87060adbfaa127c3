import { contractTemplateLevels, contractTemplates } from '../schema';
import type { Seeder } from './index';

/** One captain contract with three levels: the more a captain drives, the less the company keeps. */
export const seedContracts: Seeder = {
  name: 'contracts',
  async run(db) {
    const [template] = await db
      .insert(contractTemplates)
      .values({
        name: 'Standard captain contract',
        body: 'The captain drives for the company with their own car. The company keeps the commission of the captain’s level on each paid ride.',
      })
      .returning({ id: contractTemplates.id });
    await db.insert(contractTemplateLevels).values([
      { name: 'Bronze', contractTemplateId: template.id, commissionPercent: 22 },
      { name: 'Silver', contractTemplateId: template.id, commissionPercent: 20 },
      { name: 'Gold', contractTemplateId: template.id, commissionPercent: 18 },
    ]);
  },
};
