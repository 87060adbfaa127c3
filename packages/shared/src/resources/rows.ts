import { z } from 'zod';
import { emptyEnvelope, envelope, pageEnvelope, textBody } from '../contract/envelope';
import type { FieldDef, ResourceDef } from './define';

/** A date or time as the API writes it: ISO text (the database's Date objects are encoded). */
const isoText = z.union([
  z.string(),
  z.codec(z.string(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
]);

function valueSchema(f: FieldDef): z.ZodType {
  switch (f.type) {
    case 'number':
    case 'reference':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'multireference':
      return z.array(z.number());
    case 'select':
      return z.union([z.string(), z.number()]);
    case 'date':
    case 'datetime':
      return isoText;
    default:
      return z.string();
  }
}

const rowCache = new WeakMap<ResourceDef, z.ZodObject>();

/** A row as the API presents it: id, every declared field but passwords, and what the server adds. */
export function rowSchema(def: ResourceDef): z.ZodObject {
  const cached = rowCache.get(def);
  if (cached) return cached;
  let schema = def.row;
  if (!schema) {
    const shape: Record<string, z.ZodType> = { id: z.number() };
    for (const f of def.fields) {
      if (f.type === 'password') continue;
      shape[f.name] = f.required ? valueSchema(f) : valueSchema(f).nullable();
    }
    schema = z.object({ ...shape, ...def.presented });
  }
  rowCache.set(def, schema);
  return schema;
}

/** The 200 answers of a catalogue's routes, derived from its declaration. */
export function catalogueResponses(def: ResourceDef) {
  const row = rowSchema(def);
  return {
    list: pageEnvelope(row),
    item: envelope(row),
    removed: emptyEnvelope,
    csv: textBody(`${def.title} as CSV (listed columns)`),
  };
}

type FieldValue<F> = F extends { type: 'number' | 'reference' }
  ? number
  : F extends { type: 'boolean' }
    ? boolean
    : F extends { type: 'multireference' }
      ? number[]
      : F extends { type: 'select'; options: readonly { value: infer V }[] }
        ? V
        : string;

type FieldsRow<Fs extends readonly FieldDef[]> = {
  [F in Fs[number] as F extends { type: 'password' } ? never : F['name']]:
    | FieldValue<F>
    | (F extends { required: true } ? never : null);
};

type PresentedRow<D> = D extends { presented: infer P extends Record<string, z.ZodType> }
  ? { [K in keyof P]: z.output<P[K]> }
  : unknown;

/** The typed row of a declaration: its `row` schema, else id + fields + presented fields. */
export type RowOf<D extends ResourceDef> = D extends { row: infer S extends z.ZodType }
  ? z.output<S>
  : { id: number } & FieldsRow<D['fields']> & PresentedRow<D>;
