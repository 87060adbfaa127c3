import type { ResourceDef } from '../resources/define';
import { holds, mayChange, type RouteRule, rule, signedInRule } from './core';

export interface CataloguePolicy {
  read: RouteRule;
  write: RouteRule;
}

const cache = new Map<string, CataloguePolicy>();

/**
 * The rules of one generic catalogue (people.md §7 "Generic table calls"), from its declaration:
 * reads need `readPermission` (null: any signed-in staff member; absent: `permission`), writes need
 * `permission` and are never the Goverment role's.
 */
export function cataloguePolicy(def: Pick<ResourceDef, 'key' | 'permission' | 'readPermission'>): CataloguePolicy {
  const cached = cache.get(def.key);
  if (cached) return cached;
  const read = def.readPermission === undefined ? def.permission : def.readPermission;
  const policy: CataloguePolicy = {
    read: read === null ? signedInRule(`${def.key}.read`) : rule(`${def.key}.read`, (a) => holds(a, read)),
    write: rule(`${def.key}.write`, (a) => mayChange(a, def.permission)),
  };
  cache.set(def.key, policy);
  return policy;
}
