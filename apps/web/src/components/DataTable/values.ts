import type { FieldDef, ResourceDef, ResourceRow } from '@taxi/shared';
import { cityLocalToDate, dateToCityLocal, inCreate, inEdit } from '@taxi/shared';
import { dataLabel, tr } from '@taxi/shared/i18n';
import { formatDate, formatDateTime } from '../../i18n/format';
import type { FormValues } from './fields/FieldInput';

export const formFields = (def: ResourceDef, editing: boolean): FieldDef[] =>
  def.fields.filter((f) => f.type !== 'image' && (editing ? inEdit(f) : inCreate(f)));

/** The dialog's starting values: the row's (edit) or the declaration's defaults (new), as input strings. */
export function initialValues(def: ResourceDef, row: ResourceRow | null): FormValues {
  const out: FormValues = {};
  for (const f of formFields(def, row !== null)) {
    const value = row ? row[f.name] : f.default;
    if (f.type === 'boolean') out[f.name] = value === undefined ? false : !!value;
    else if (f.type === 'multireference') out[f.name] = Array.isArray(value) ? [...value] : [];
    else if (f.type === 'password') out[f.name] = '';
    else if (value === null || value === undefined) out[f.name] = '';
    // Dates and times are edited on the city's clock, as the list shows them.
    else if (f.type === 'datetime') out[f.name] = cityLocal(String(value));
    else if (f.type === 'date') out[f.name] = cityDate(String(value));
    else out[f.name] = String(value);
  }
  return out;
}

/** 'YYYY-MM-DDTHH:mm' on the city's clock → ISO instant (a text that is none stays as it is). */
export const cityInstant = (local: string): string => cityLocalToDate(local)?.toISOString() ?? local;

/** A stored instant as the form holds it: 'YYYY-MM-DDTHH:mm' on the city's clock. */
const cityLocal = (value: string): string =>
  Number.isNaN(Date.parse(value)) ? value : dateToCityLocal(value).replace(' ', 'T');

/** A stored date ('YYYY-MM-DD', or an instant: its day in the city) as the form holds it. */
const cityDate = (value: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)) ? value : dateToCityLocal(value).slice(0, 10);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** An edit sends only the changed fields (people.md §5); a new item sends every non-blank field. */
export function changedValues(def: ResourceDef, initial: FormValues, values: FormValues, editing: boolean): FormValues {
  const out: FormValues = {};
  for (const f of formFields(def, editing)) {
    const value = values[f.name];
    if (editing ? same(value, initial[f.name]) : value === '' || value === undefined) continue;
    if (f.type === 'password' && value === '') continue;
    // The typed time is the city's wall clock: send the instant so the server stores what the operator saw.
    out[f.name] = f.type === 'datetime' && typeof value === 'string' && value ? cityInstant(value) : value;
  }
  return out;
}

/** A cell's text: presented labels of references, Yes/No, dates in the console's format. */
export function cellText(field: FieldDef, row: ResourceRow, yes: string, no: string): string {
  const label = row[`${field.name}_label`];
  // Labels that are codes (permissions) read as names; the server joins a multireference's labels with ', '.
  const labelOf = field.reference?.labelOf;
  if (typeof label === 'string') return labelOf && label ? label.split(', ').map(labelOf).join(', ') : label;
  const value = row[field.name];
  if (value === null || value === undefined || value === '') return '';
  if (field.type === 'boolean') return value ? yes : no;
  if (field.type === 'datetime') return formatDateTime(String(value));
  if (field.type === 'date') return formatDate(String(value));
  if (field.type === 'select') {
    const option = field.options?.find((o) => String(o.value) === String(value));
    return option ? tr(option.label) : String(value);
  }
  // Catalogue names (the demo's services, colours, reasons...) read in the console's language.
  if (field.dataName && typeof value === 'string') return dataLabel(value);
  return Array.isArray(value) ? value.join(', ') : String(value);
}
