import { DEMO_DATA } from '@taxi/shared';
import { sql } from 'drizzle-orm';
import { captainContracts, contractTemplateLevels, contractTemplates } from '../schema';
import type { Seeder } from './index';

/**
 * One captain contract with three levels (the more a captain drives, the less the company keeps); three
 * captains in four signed one, the fourth drives without a contract.
 */
export const seedContracts: Seeder = {
  name: 'contracts',
  async run(db) {
    const [template] = await db
      .insert(contractTemplates)
      .values({
        name: DEMO_DATA.contracts.standard,
        body: 'The captain drives for the company with their own car. The company keeps the commission of the captain’s level on each paid ride.',
      })
      .returning({ id: contractTemplates.id });
    const levels = await db
      .insert(contractTemplateLevels)
      .values([
        { name: DEMO_DATA.contracts.bronze, contractTemplateId: template.id, commissionPercent: 22 },
        { name: DEMO_DATA.contracts.silver, contractTemplateId: template.id, commissionPercent: 20 },
        { name: DEMO_DATA.contracts.gold, contractTemplateId: template.id, commissionPercent: 18 },
      ])
      .returning({ id: contractTemplateLevels.id });
    const [bronze, silver, gold] = levels.map((l) => l.id);
    await db.execute(sql`
      insert into ${captainContracts} (captain_id, level_id, signed_at)
      select id, case id % 4 when 1 then ${bronze}::int when 2 then ${silver}::int else ${gold}::int end, created_at
      from captains where id % 4 <> 0`);
  },
};
