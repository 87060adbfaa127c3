import type { FieldDef, ResourceDef, ResourceRow } from '@taxi/shared';
import { inCreate, inEdit } from '@taxi/shared';
import dayjs from 'dayjs';
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
    else if (f.type === 'datetime') out[f.name] = dayjs(String(value)).format('YYYY-MM-DDTHH:mm');
    else if (f.type === 'date') out[f.name] = dayjs(String(value)).format('YYYY-MM-DD');
    else out[f.name] = String(value);
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** An edit sends only the changed fields (people.md §5); a new item sends every non-blank field. */
export function changedValues(def: ResourceDef, initial: FormValues, values: FormValues, editing: boolean): FormValues {
  const out: FormValues = {};
  for (const f of formFields(def, editing)) {
    const value = values[f.name];
    if (editing ? same(value, initial[f.name]) : value === '' || value === undefined) continue;
    if (f.type === 'password' && value === '') continue;
    // datetime-local has no zone: send the instant so the server stores what the operator saw.
    out[f.name] = f.type === 'datetime' && typeof value === 'string' && value ? dayjs(value).toISOString() : value;
  }
  return out;
}

/** A cell's text: presented labels of references, Yes/No, dates in the console's format. */
export function cellText(field: FieldDef, row: ResourceRow, yes: string, no: string): string {
  const label = row[`${field.name}_label`];
  if (typeof label === 'string') return label;
  const value = row[field.name];
  if (value === null || value === undefined || value === '') return '';
  if (field.type === 'boolean') return value ? yes : no;
  if (field.type === 'datetime') return dayjs(String(value)).format('DD/MM/YYYY HH:mm');
  if (field.type === 'date') return dayjs(String(value)).format('DD/MM/YYYY');
  if (field.type === 'select')
    return field.options?.find((o) => String(o.value) === String(value))?.label ?? String(value);
  return Array.isArray(value) ? value.join(', ') : String(value);
}
