import { type FieldDef, fieldForm, type LostItemChange, lostAndFoundResource } from '@taxi/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, lostItems, users } from '../../db/schema';
import { notFound } from '../../http/errors';

type Row = Record<string, unknown> | null;
const FIELDS = (lostAndFoundResource.fields as readonly FieldDef[])
  .filter((f) => fieldForm(f) !== 'none')
  .map((f) => f.name);
const ACTIONS = ['create', 'update', 'delete'] as const;

/** The declared fields whose value differs between two audited rows (all set fields for a create). */
export function changedFields(before: Row, after: Row): LostItemChange['changes'] {
  const out: LostItemChange['changes'] = [];
  for (const field of FIELDS) {
    const a = before?.[field] ?? null;
    const b = after?.[field] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ field, before: a, after: b });
  }
  return out;
}

/** Who changed what on a lost item, oldest first, from the audit log the catalogue service writes. */
export async function lostItemHistory(db: DbOrTx, id: number): Promise<LostItemChange[]> {
  const [item] = await db.select({ id: lostItems.id }).from(lostItems).where(eq(lostItems.id, id));
  if (!item) throw notFound();
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actor: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
      at: auditLog.createdAt,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(and(eq(auditLog.entity, lostAndFoundResource.key), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
  return rows.map((r) => {
    const action = ACTIONS.find((a) => r.action.endsWith(`.${a}`)) ?? 'update';
    return {
      id: r.id,
      action,
      actor: r.actor,
      at: r.at.toISOString(),
      changes: changedFields(r.before as Row, r.after as Row),
    };
  });
}
