import { z } from 'zod';
import { dataLabel } from '../i18n';
import { MSG } from '../messages';
import type { Permission } from '../permissions';
import type { Actor } from '../policies/core';
import type { RouteName } from '../routes';
import { DB_ID_MAX, hasNoNul, isValidEmail, isValidPassword, NAME_MAX, TEXT_MAX } from '../validation';
import { RESOURCE_MSG } from './messages';

export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'boolean',
  'select',
  'date',
  'datetime',
  'email',
  'phone',
  'color',
  'reference',
  'multireference',
  'password',
  'image',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** Where a field appears in the add/edit dialog. */
export type FieldForm = 'create' | 'edit' | 'both' | 'none';

export interface FieldOption {
  value: string | number;
  label: string;
}

export interface FieldReference {
  /** API list the picker loads (`GET {url}`). */
  url: string;
  labelField: string;
  perPage?: number;
  /** Ids never offered (role 1 in role pickers). */
  excludeIds?: readonly number[];
  /** When the label field holds codes (permissions): each label as people read it, in the console's language. */
  labelOf?: (label: string) => string;
}

export interface FieldDef {
  name: string;
  label: string;
  type: FieldType;
  /** Required when creating; an edit may leave it out but never empty it. */
  required?: boolean;
  /** Length for texts, value for numbers. */
  min?: number;
  max?: number;
  options?: readonly FieldOption[];
  reference?: FieldReference;
  /** Shown as a column (default true, never for passwords). */
  list?: boolean;
  sortable?: boolean;
  searchable?: boolean;
  form?: FieldForm;
  /** Checked case-insensitively by the server before saving. */
  unique?: boolean;
  /** Initial value of the add dialog. */
  default?: string | number | boolean | readonly number[];
  helper?: string;
  /** Column alignment (amounts and counts on the right). */
  align?: 'left' | 'right';
  /**
   * The values are catalogue names (the demo's, DEMO_DATA): the list shows each in the console's language
   * (dataLabel), the form edits it as stored.
   */
  dataName?: boolean;
}

/** Who asks: rules per row (canEdit, canDelete) read it — the signed-in user, as the policies see them. */
export type RowContext = Actor;

export type ResourceRow = Record<string, unknown> & { id: number };

export interface RowAction {
  key: string;
  label: string;
  /** A route name of PROTECTED_ROUTES; params take their values from the row (param → row field). */
  route: RouteName;
  params: Record<string, string>;
}

export interface ResourceDef {
  key: string;
  /** API path without /api, `{param}` for nested lists (`car_brands/{car_brand_id}/models`). */
  url: string;
  title: string;
  /** Route name of the list page, or null when the resource has no page. */
  route: RouteName | null;
  /** Needed for every call... */
  permission: Permission;
  /** A list only: no add, edit or delete, whatever the permission. */
  readOnly?: boolean;
  /** ...except reads when set (null: any signed-in staff member). */
  readPermission?: Permission | null;
  fields: readonly FieldDef[];
  defaultSort?: string;
  /** The nested list's parent: `param` of the url fills `field` of every row. */
  parent?: { param: string; field: string };
  canEdit?: (row: ResourceRow, ctx: RowContext) => boolean;
  /** What the server answers when canEdit or canDelete says no (default: 'cannot be edited/deleted'). */
  refusals?: { edit?: string; delete?: string | ((row: ResourceRow, ctx: RowContext) => string) };
  canDelete?: (row: ResourceRow, ctx: RowContext) => boolean;
  /** A row may be read by whoever this allows even without the permission (a user's own profile). */
  canView?: (row: ResourceRow, ctx: RowContext) => boolean;
  rowActions?: readonly RowAction[];
  /** Expandable rows: `GET {url with {id}}` lists the rows shown under the row. */
  expand?: { url: string; columns: readonly { name: string; label: string }[] };
  bulkActions?: readonly { key: string; label: string }[];
  /** Route name of the standalone form page (`/vouchers/add`) and of the item page (`/vouchers/{id}`). */
  createRoute?: string;
  itemRoute?: string;
  /** Export name of the server's drizzle table (`carBrands`); none: the server lists the rows itself. */
  table?: string;
  /** A subset of the table (hotels: places whose `category` is 'hotel'); new rows get the value. */
  scope?: CatalogueScope;
  /** Fields the server adds to every row besides the declared ones (labels, join-table ids). */
  presented?: Readonly<Record<string, z.ZodType>>;
  /** The whole row when the fields do not describe it (computed lists such as the payments page). */
  row?: z.ZodObject;
  /** Query filters of the list and its CSV besides `search` (the server's hooks turn them into SQL). */
  filters?: z.ZodObject;
  /**
   * The form's `lat` and `lon` number fields get a small map under them (POINT_FIELD_NAMES): a click sets
   * both, the marker follows what is typed. The fields stay the way to enter a point from the keyboard.
   */
  pointPicker?: boolean;
}

/** The names of a point's number fields, the pair a `pointPicker` form puts its map under. */
export const POINT_FIELD_NAMES = { lat: 'lat', lon: 'lon' } as const;

/** Rows whose column `field` equals `equals`. */
export interface CatalogueScope {
  field: string;
  equals: string | number;
}

/** The unique, searchable, sortable `name` field most catalogues start with. */
export function uniqueNameField(max: number): FieldDef {
  return {
    name: 'name',
    label: 'Name',
    type: 'text',
    required: true,
    max,
    sortable: true,
    searchable: true,
    unique: true,
  };
}

/** A unique name field whose values are catalogue names, shown in the console's language (dataName). */
export function dataNameField(max: number): FieldDef {
  return { ...uniqueNameField(max), dataName: true };
}

/** A reference to a catalogue of names (services, roles...): its labels in the console's language. */
export const dataReference = (url: string, extra: Partial<FieldReference> = {}): FieldReference => ({
  url,
  labelField: 'name',
  labelOf: dataLabel,
  ...extra,
});

export function defineResource<const T extends ResourceDef>(def: T): T {
  return def;
}

export const fieldForm = (f: FieldDef): FieldForm => f.form ?? (f.type === 'password' ? 'create' : 'both');
export const inCreate = (f: FieldDef) => ['create', 'both'].includes(fieldForm(f));
export const inEdit = (f: FieldDef) => ['edit', 'both'].includes(fieldForm(f));
export const isListed = (f: FieldDef) => f.type !== 'password' && f.list !== false;

/**
 * The keys a catalogue's list and CSV sort by (`sortBy`): the id and the sortable fields. The server's query
 * schema is their enum: any other key (`password_hash`, `__proto__`) is a 422 before a handler runs.
 */
export function sortKeysOf(def: Pick<ResourceDef, 'fields'>): [string, ...string[]] {
  return ['id', ...new Set(def.fields.filter((f) => f.sortable && f.name !== 'id').map((f) => f.name))];
}

/** The list URL of a resource with its parent params filled. */
export function resourceUrl(def: Pick<ResourceDef, 'url'>, params: Record<string, string | number> = {}): string {
  return def.url.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function textSchema(f: FieldDef) {
  let s = z.string({ error: MSG.required }).trim().min(1, MSG.required).refine(hasNoNul, MSG.nulCharacter);
  if (f.min !== undefined && f.min === f.max) {
    return s.refine((v) => v.length === f.min, MSG.invalidLength(f.min));
  }
  if (f.min !== undefined) s = s.min(f.min, RESOURCE_MSG.tooShort(f.min));
  // Every text has a maximum (an index holds a few kB at most): the field's, else a default.
  const max = f.max ?? (f.type === 'textarea' ? TEXT_MAX : NAME_MAX);
  return s.max(max, RESOURCE_MSG.tooLong(max));
}

const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);
const toBool = (v: unknown) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v);

function baseSchema(f: FieldDef): z.ZodType {
  switch (f.type) {
    case 'number': {
      let n = z.number({ error: RESOURCE_MSG.enterNumber });
      if (f.min !== undefined) n = n.min(f.min, RESOURCE_MSG.atLeast(f.min));
      if (f.max !== undefined) n = n.max(f.max, RESOURCE_MSG.atMost(f.max));
      return z.preprocess(toNumber, n);
    }
    case 'boolean':
      return z.preprocess(toBool, z.boolean({ error: MSG.required }));
    case 'select': {
      const values = (f.options ?? []).map((o) => o.value);
      return z.preprocess(
        (v) => values.find((x) => String(x) === String(v)) ?? v,
        z.custom<string | number>((v) => values.includes(v as string | number), {
          message: RESOURCE_MSG.invalidOption,
        }),
      );
    }
    case 'date':
      return z
        .string({ error: MSG.required })
        .regex(/^\d{4}-\d{2}-\d{2}$/, RESOURCE_MSG.invalidDate)
        .refine((v) => !Number.isNaN(Date.parse(v)), RESOURCE_MSG.invalidDate);
    case 'datetime':
      return z
        .string({ error: MSG.required })
        .refine((v) => /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), RESOURCE_MSG.invalidDate);
    case 'email':
      return z
        .string({ error: MSG.required })
        .trim()
        .min(1, MSG.required)
        .max(NAME_MAX, RESOURCE_MSG.tooLong(NAME_MAX))
        .refine(hasNoNul, MSG.nulCharacter)
        .refine(isValidEmail, MSG.invalidEmail);
    case 'password':
      return z.string({ error: MSG.required }).min(1, MSG.required).refine(isValidPassword, MSG.invalidPassword);
    case 'phone':
      return z
        .string({ error: MSG.required })
        .trim()
        .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, RESOURCE_MSG.invalidPhone);
    case 'color':
      return z
        .string({ error: MSG.required })
        .trim()
        .regex(/^#[0-9a-fA-F]{6}$/, RESOURCE_MSG.invalidColor);
    case 'reference':
      return z.preprocess(
        toNumber,
        z
          .number({ error: RESOURCE_MSG.invalidReference })
          .int(RESOURCE_MSG.invalidReference)
          .positive(RESOURCE_MSG.invalidReference)
          .max(DB_ID_MAX, RESOURCE_MSG.invalidReference)
          .refine((v) => !f.reference?.excludeIds?.includes(v), RESOURCE_MSG.invalidReference),
      );
    case 'multireference':
      return z.preprocess(
        (v) => (Array.isArray(v) ? v.map(toNumber) : v),
        z.array(
          z
            .number({ error: RESOURCE_MSG.invalidReference })
            .int(RESOURCE_MSG.invalidReference)
            .positive(RESOURCE_MSG.invalidReference)
            .max(DB_ID_MAX, RESOURCE_MSG.invalidReference)
            .refine((v) => !f.reference?.excludeIds?.includes(v), RESOURCE_MSG.invalidReference),
          { error: RESOURCE_MSG.invalidReference },
        ),
      );
    case 'image':
      return z.unknown();
    default:
      return textSchema(f);
  }
}

/** A required field: blank → 'This field is required'. A multireference must hold one item. */
function requiredSchema(f: FieldDef): z.ZodType {
  const base = baseSchema(f);
  return z
    .preprocess((v) => (blank(v) ? undefined : v), base)
    .superRefine((v, ctx) => {
      if (f.type === 'multireference' && Array.isArray(v) && v.length === 0)
        ctx.addIssue({ code: 'custom', message: MSG.required });
    });
}

/** An optional field: blank clears it (null); absent leaves it alone. */
function optionalSchema(f: FieldDef): z.ZodType {
  const base = baseSchema(f);
  if (f.type === 'multireference') return base.optional();
  if (f.type === 'boolean') return z.preprocess((v) => (blank(v) ? undefined : v), base.optional());
  return z.preprocess((v) => (v === undefined ? undefined : blank(v) ? null : v), base.nullable().optional());
}

export interface ResourceSchemas {
  create: z.ZodObject<Record<string, z.ZodType>>;
  /** Partial: an edit carries only the changed fields; a required field present must not be blank. */
  update: z.ZodObject<Record<string, z.ZodType>>;
}

const cache = new WeakMap<ResourceDef, ResourceSchemas>();

/** The zod schemas of the add and edit forms, shared by the dialog (resolver) and the server. */
export function resourceSchemas(def: ResourceDef): ResourceSchemas {
  const cached = cache.get(def);
  if (cached) return cached;
  const create: Record<string, z.ZodType> = {};
  const update: Record<string, z.ZodType> = {};
  for (const f of def.fields) {
    if (f.type === 'image') continue;
    if (inCreate(f)) create[f.name] = f.required ? requiredSchema(f) : optionalSchema(f);
    if (inEdit(f)) {
      // An edit leaves a blank password alone.
      if (f.type === 'password') {
        update[f.name] = z.preprocess((v) => (blank(v) ? undefined : v), baseSchema(f).optional());
        continue;
      }
      update[f.name] = f.required
        ? z.preprocess((v) => (v === undefined ? undefined : v === null ? '' : v), requiredSchema(f).optional())
        : optionalSchema(f);
    }
  }
  const schemas = { create: z.object(create), update: z.object(update) };
  cache.set(def, schemas);
  return schemas;
}
