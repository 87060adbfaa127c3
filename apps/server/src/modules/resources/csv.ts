import { isListed, type ResourceDef, type ResourceRow } from '@taxi/shared';

/** CSV of listed fields (labels of references when presented), RFC 4180 quoting. */
export function catalogueCsv(def: ResourceDef, rows: ResourceRow[]): string {
  const fields = def.fields.filter(isListed);
  const cell = (value: unknown): string => {
    if (value === null || value === undefined) return '';
    const text =
      value instanceof Date
        ? value.toISOString()
        : Array.isArray(value)
          ? value.join('; ')
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
    // A leading =, +, - or @ would run as a formula in a spreadsheet.
    const safe = typeof value === 'string' && /^[=+\-@]/.test(text) ? `'${text}` : text;
    return /[",\r\n;]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  const lines = [['id', ...fields.map((f) => f.label)].map(cell).join(',')];
  for (const row of rows) {
    lines.push([row.id, ...fields.map((f) => row[`${f.name}_label`] ?? row[f.name])].map(cell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
