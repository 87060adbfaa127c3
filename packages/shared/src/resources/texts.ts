import type { ResourceDef } from './define';

/**
 * The English texts the declarations show, translated at display time by the generic catalogue pages:
 * titles, field labels, hints and options, expanded rows' columns, row and bulk actions.
 */
export function resourceSourceTexts(defs: readonly ResourceDef[]): string[] {
  const out: string[] = [];
  for (const def of defs) {
    out.push(def.title);
    for (const field of def.fields) {
      out.push(field.label);
      if (field.helper) out.push(field.helper);
      for (const option of field.options ?? []) out.push(option.label);
    }
    for (const column of def.expand?.columns ?? []) out.push(column.label);
    for (const action of def.rowActions ?? []) out.push(action.label);
    for (const action of def.bulkActions ?? []) out.push(action.label);
  }
  return [...new Set(out)];
}
