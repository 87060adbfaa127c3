import { inArray } from 'drizzle-orm';
import { contractTemplates } from '../../../db/schema';
import type { ServerHooks } from '../service';

/** Levels name their template: the list's label and the picker's `contract_template.name` (people.md §3). */
const hooks: ServerHooks = {
  async present(rows, db) {
    const ids = [...new Set(rows.map((r) => r.contract_template_id).filter((v): v is number => typeof v === 'number'))];
    const names = new Map(
      ids.length
        ? (
            await db
              .select({ id: contractTemplates.id, name: contractTemplates.name })
              .from(contractTemplates)
              .where(inArray(contractTemplates.id, ids))
          ).map((t) => [t.id, t.name])
        : [],
    );
    return rows.map((row) => {
      const name = names.get(row.contract_template_id as number) ?? null;
      return { ...row, contract_template_id_label: name, contract_template: name === null ? null : { name } };
    });
  },
};

export default hooks;
