import { FLEET_MSG } from '@taxi/shared';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { services } from '../../db/schema';
import { validationError } from '../../http/errors';

/** A list of service ids as a catalogue saves it: known services only (else 422 on `field`), sorted, once each. */
export async function checkServiceIds(db: DbOrTx, value: unknown, field: string): Promise<number[] | undefined> {
  if (!Array.isArray(value)) return undefined;
  const ids = [...new Set(value.map(Number))].sort((a, b) => a - b);
  const known = ids.length ? await db.select({ id: services.id }).from(services).where(inArray(services.id, ids)) : [];
  if (known.length !== ids.length) throw validationError(field, FLEET_MSG.unknownService);
  return ids;
}

/** The names of the services, by id, for a catalogue's label column. */
export async function serviceNames(db: DbOrTx): Promise<Map<number, string>> {
  const rows = await db.select({ id: services.id, name: services.name }).from(services);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A row's list of service ids as the names the list shows. */
export function serviceLabel(value: unknown, names: Map<number, string>): string {
  const ids = Array.isArray(value) ? (value as number[]) : [];
  return ids.map((id) => names.get(id) ?? `#${id}`).join(', ');
}
