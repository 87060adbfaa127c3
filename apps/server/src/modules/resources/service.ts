import {
  type Actor,
  type FieldDef,
  RESOURCE_MSG,
  type ResourceDef,
  type ResourceRow,
  type RowContext,
} from '@taxi/shared';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';
import { HttpError, validationError } from '../../http/errors';
import { translateDbError } from './db-errors';

export type Values = Record<string, unknown>;

export const rowContextOf = (actor: Actor): RowContext => ({
  id: actor.id,
  roles: actor.roles,
  permissions: actor.permissions,
});

export interface SaveContext {
  tx: Tx;
  mode: 'create' | 'update';
  /** The row's id on update. */
  id?: number;
  /** Who saves: object-level rules of the domain's policy read it. */
  actor: Actor;
  /** The server clock's time of the save. */
  now: Date;
}

/** What a write did, told to `afterWrite` once its transaction has committed. */
export interface WriteEvent {
  mode: 'create' | 'update' | 'delete';
  id: number;
  /** The row after the write (before it, for a delete). */
  row: ResourceRow;
}

/** Server-side hooks of a catalogue (`<name>.server.ts`): what columns alone cannot do. */
export interface ServerHooks {
  /**
   * The rows of the table this catalogue holds when the declaration's `scope` (one column's value) cannot say
   * it: rows outside it are never listed, read, changed or deleted here (404).
   */
  subset?: () => SQL;
  /** Adds presented fields to a page of rows (labels of references, join-table ids). */
  present?: (rows: ResourceRow[], db: DbOrTx) => Promise<ResourceRow[]>;
  /** Turns validated input (field names) into column values (field names); may throw HttpError. */
  beforeSave?: (input: Values, ctx: SaveContext) => Promise<Values>;
  /** Writes what lives outside the row (join tables) in the same transaction. */
  afterSave?: (input: Values, ctx: SaveContext & { id: number }) => Promise<void>;
  /** Refuses a delete the rules forbid (409/403). */
  beforeDelete?: (id: number, tx: Tx, actor: Actor) => Promise<void>;
  /** The declaration's `filters` (parsed from the query) as a condition on the table; may throw HttpError. */
  filter?: (filters: Values, now: Date) => SQL | undefined;
  /** After a committed write: refreshes what the server keeps in memory (the city's places). */
  afterWrite?: (event: WriteEvent, app: FastifyInstance) => void | Promise<void>;
}

/** One declaration bound to its table, with its hooks. */
export interface ResourceBinding extends ServerHooks {
  declaration: ResourceDef;
  table: PgTable;
}

interface ColumnRef {
  key: string;
  column: PgColumn;
}

export interface ListQuery {
  page: number;
  perPage: number;
  sortBy?: string;
  descending: boolean;
  search?: string;
  /** Values of the declaration's `filters`. */
  filters?: Values;
}

const likePattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The generic calls of people.md §7 over one table: list (paging, sorting, search), detail, create,
 * partial update, delete, CSV rows. Every change runs in a transaction with its audit_log row.
 */
export class ResourceService {
  readonly def: ResourceDef;
  private readonly columns = new Map<string, ColumnRef>();
  private readonly idColumn: PgColumn;

  constructor(
    private readonly db: Db,
    readonly binding: ResourceBinding,
    private readonly app: FastifyInstance,
  ) {
    this.def = binding.declaration;
    const all = getTableColumns(binding.table) as Record<string, PgColumn>;
    for (const [key, column] of Object.entries(all)) this.columns.set(column.name, { key, column });
    const id = this.columns.get('id');
    if (!id) throw new Error(`${this.def.key}: the table has no id column`);
    this.idColumn = id.column;
    const scope = this.def.scope;
    if (scope && !this.columns.has(scope.field))
      throw new Error(`${this.def.key}: no column ${scope.field} to scope by`);
  }

  /** Tells the afterWrite hook about a committed write. */
  private async written(event: WriteEvent) {
    if (this.binding.afterWrite) await this.binding.afterWrite(event, this.app);
  }

  /** The scope's column value on every write (a scoped row never leaves its subset). */
  private scoped(values: Values): Values {
    const scope = this.def.scope;
    return scope ? { ...values, [scope.field]: scope.equals } : { ...values };
  }

  private col(field: string): PgColumn | undefined {
    return this.columns.get(field)?.column;
  }

  private where(parent: Values, search?: string, filters?: Values): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    if (filters && this.binding.filter) parts.push(this.binding.filter(filters, new Date(this.app.clock.now())));
    const scope = this.def.scope;
    if (scope) parts.push(eq(this.col(scope.field) as PgColumn, scope.equals));
    if (this.binding.subset) parts.push(this.binding.subset());
    const parentId = this.def.parent ? parent[this.def.parent.param] : undefined;
    if (this.def.parent && parentId !== undefined) {
      const column = this.col(this.def.parent.field);
      if (column) parts.push(eq(column, Number(parentId)));
    }
    if (search) {
      const pattern = likePattern(search);
      const matches = this.def.fields
        .filter((f) => f.searchable && this.col(f.name))
        .map((f) => ilike(sql`${this.col(f.name) as AnyColumn}::text`, pattern));
      if (/^\d+$/.test(search)) matches.push(eq(this.idColumn, Number(search)));
      parts.push(matches.length ? or(...matches) : sql`false`);
    }
    return and(...parts.filter((p): p is SQL => !!p));
  }

  private order(sortBy: string | undefined, descending: boolean): SQL[] {
    const name = sortBy || this.def.defaultSort || 'id';
    const sortable = name === 'id' || this.def.fields.some((f) => f.name === name && f.sortable);
    const column = this.col(name);
    if (!sortable || !column) throw validationError('sortBy', RESOURCE_MSG.invalidSort);
    const dir = descending ? desc : asc;
    return name === 'id' ? [dir(column)] : [dir(column), dir(this.idColumn)];
  }

  /** Declared fields of a table row, plus whatever the binding presents. */
  private async present(rows: Values[], db: DbOrTx = this.db): Promise<ResourceRow[]> {
    const out: ResourceRow[] = rows.map((row) => {
      const presented: ResourceRow = { id: row[this.columns.get('id')?.key ?? 'id'] as number };
      for (const f of this.def.fields) {
        if (f.type === 'password') continue;
        const ref = this.columns.get(f.name);
        if (ref) presented[f.name] = row[ref.key] ?? null;
      }
      return presented;
    });
    return this.binding.present ? this.binding.present(out, db) : out;
  }

  async list(q: ListQuery, parent: Values = {}) {
    const where = this.where(parent, q.search, q.filters);
    const orderBy = this.order(q.sortBy, q.descending);
    const table = this.binding.table;
    return {
      count: async () => (await this.db.select({ n: count() }).from(table).where(where))[0].n,
      rows: async (limit: number, offset: number) => {
        const rows = (await this.db
          .select()
          .from(table)
          .where(where)
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset)) as Values[];
        return this.present(rows);
      },
    };
  }

  /** Every row of the filter, in the order asked (CSV export); with `ids`, those rows of it only (a selection). */
  async all(q: Omit<ListQuery, 'page' | 'perPage'> & { ids?: number[] }, parent: Values = {}): Promise<ResourceRow[]> {
    const selection = q.ids ? inArray(this.idColumn, q.ids) : undefined;
    const rows = (await this.db
      .select()
      .from(this.binding.table)
      .where(and(this.where(parent, q.search, q.filters), selection))
      .orderBy(...this.order(q.sortBy, q.descending))) as Values[];
    return this.present(rows);
  }

  private async load(db: DbOrTx, id: number, parent: Values = {}): Promise<ResourceRow> {
    const where = and(eq(this.idColumn, id), this.where(parent));
    const [row] = (await db.select().from(this.binding.table).where(where).limit(1)) as Values[];
    if (!row) throw new HttpError(404, RESOURCE_MSG.notFound);
    return (await this.present([row], db))[0];
  }

  async get(id: number, parent: Values = {}): Promise<ResourceRow> {
    return this.load(this.db, id, parent);
  }

  /** Field values → column values; a unique field already taken → 422 on that field. */
  private async toColumns(tx: Tx, values: Values, id?: number): Promise<Values> {
    const out: Values = {};
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) continue;
      const ref = this.columns.get(name);
      if (!ref) continue;
      const field = this.def.fields.find((f) => f.name === name);
      out[ref.key] =
        field && (field.type === 'datetime' || field.type === 'date') && value ? new Date(value as string) : value;
      if (field?.unique && typeof value === 'string') await this.checkUnique(tx, field, ref.column, value, id);
    }
    return out;
  }

  private async checkUnique(tx: Tx, field: FieldDef, column: PgColumn, value: string, id?: number) {
    const clash = and(sql`lower(${column}::text) = lower(${value})`, id ? sql`${this.idColumn} <> ${id}` : undefined);
    const [row] = await tx.select({ n: count() }).from(this.binding.table).where(clash);
    if (row.n > 0) throw validationError(field.name, RESOURCE_MSG.taken(field.label));
  }

  private audit(tx: Tx, actorId: number, action: string, id: number, before: unknown, after: unknown) {
    return tx.insert(auditLog).values({
      actorId,
      action: `${this.def.key}.${action}`,
      entity: this.def.key,
      entityId: String(id),
      before: before ?? null,
      after: after ?? null,
    });
  }

  async create(input: Values, actor: Actor, parent: Values = {}): Promise<ResourceRow> {
    let row: ResourceRow;
    try {
      row = await this.db.transaction(async (tx) => {
        const ctx: SaveContext = { tx, mode: 'create', actor, now: new Date(this.app.clock.now()) };
        const values = this.scoped(this.binding.beforeSave ? await this.binding.beforeSave(input, ctx) : input);
        if (this.def.parent) values[this.def.parent.field] = Number(parent[this.def.parent.param]);
        const columns = await this.toColumns(tx, values);
        const [row] = (await tx.insert(this.binding.table).values(columns).returning()) as Values[];
        const id = row[this.columns.get('id')?.key ?? 'id'] as number;
        if (this.binding.afterSave) await this.binding.afterSave(input, { ...ctx, id });
        const after = await this.load(tx, id);
        await this.audit(tx, actor.id, 'create', id, null, after);
        return after;
      });
    } catch (error) {
      translateDbError(this.def, error);
    }
    await this.written({ mode: 'create', id: row.id, row });
    return row;
  }

  async update(id: number, input: Values, actor: Actor, parent: Values = {}): Promise<ResourceRow> {
    const user = rowContextOf(actor);
    let row: ResourceRow;
    try {
      row = await this.db.transaction(async (tx) => {
        const before = await this.load(tx, id, parent);
        if (this.def.canEdit && !this.def.canEdit(before, user)) {
          throw new HttpError(403, this.def.refusals?.edit ?? RESOURCE_MSG.cannotEdit);
        }
        const ctx: SaveContext = { tx, mode: 'update', id, actor, now: new Date(this.app.clock.now()) };
        const values = this.binding.beforeSave ? await this.binding.beforeSave(input, ctx) : input;
        const columns = await this.toColumns(tx, this.scoped(values), id);
        if (Object.keys(columns).length > 0)
          await tx.update(this.binding.table).set(columns).where(eq(this.idColumn, id));
        if (this.binding.afterSave) await this.binding.afterSave(input, { ...ctx, id });
        const after = await this.load(tx, id);
        await this.audit(tx, actor.id, 'update', id, before, after);
        return after;
      });
    } catch (error) {
      translateDbError(this.def, error);
    }
    await this.written({ mode: 'update', id, row });
    return row;
  }

  /**
   * Creates (no id, or an id the table lacks) or updates many rows in one transaction, all or nothing: the
   * rows' refusals (422) are gathered by position (`{key}.{index}.{field}`) and none is written when any
   * fails. Each write is audited like a single one; afterWrite runs once, after the commit.
   */
  async saveMany(
    items: readonly { id?: number; input: Values }[],
    actor: Actor,
    opts: { key: string; message: string; deleteOthers?: boolean },
  ): Promise<{ created: number; updated: number; deleted: number }> {
    let created = 0;
    let updated = 0;
    let removed: ResourceRow[] = [];
    let last: ResourceRow | null = null;
    try {
      await this.db.transaction(async (tx) => {
        const errors: Record<string, string[]> = {};
        for (const [index, item] of items.entries()) {
          try {
            const [existing] =
              item.id === undefined
                ? []
                : ((await tx.select().from(this.binding.table).where(eq(this.idColumn, item.id)).limit(1)) as Values[]);
            const now = new Date(this.app.clock.now());
            if (existing && item.id !== undefined) {
              const id = item.id;
              const before = await this.load(tx, id);
              const ctx: SaveContext = { tx, mode: 'update', id, actor, now };
              const values = this.binding.beforeSave ? await this.binding.beforeSave(item.input, ctx) : item.input;
              const columns = await this.toColumns(tx, this.scoped(values), id);
              if (Object.keys(columns).length > 0)
                await tx.update(this.binding.table).set(columns).where(eq(this.idColumn, id));
              if (this.binding.afterSave) await this.binding.afterSave(item.input, { ...ctx, id });
              last = await this.load(tx, id);
              await this.audit(tx, actor.id, 'update', id, before, last);
              updated++;
            } else {
              const ctx: SaveContext = { tx, mode: 'create', actor, now };
              const values = this.scoped(
                this.binding.beforeSave ? await this.binding.beforeSave(item.input, ctx) : item.input,
              );
              const columns = await this.toColumns(tx, values);
              const [row] = (await tx.insert(this.binding.table).values(columns).returning()) as Values[];
              const id = row[this.columns.get('id')?.key ?? 'id'] as number;
              if (this.binding.afterSave) await this.binding.afterSave(item.input, { ...ctx, id });
              last = await this.load(tx, id);
              await this.audit(tx, actor.id, 'create', id, null, last);
              created++;
            }
          } catch (error) {
            if (!(error instanceof HttpError) || error.status !== 422) throw error;
            for (const [field, messages] of Object.entries(error.errors ?? { _: [error.message] }))
              errors[`${opts.key}.${index}.${field}`] = messages;
          }
        }
        if (Object.keys(errors).length > 0) throw new HttpError(422, opts.message, errors);
        if (opts.deleteOthers) removed = await this.deleteOthers(tx, items, actor);
      });
    } catch (error) {
      translateDbError(this.def, error);
    }
    if (last) await this.written({ mode: 'update', id: (last as ResourceRow).id, row: last });
    else if (removed.length > 0) await this.written({ mode: 'delete', id: removed[0].id, row: removed[0] });
    return { created, updated, deleted: removed.length };
  }

  /** Inside saveMany's transaction: deletes (with the catalogue's delete rules and audit) the rows not saved. */
  private async deleteOthers(tx: Tx, items: readonly { id?: number }[], actor: Actor): Promise<ResourceRow[]> {
    const kept = new Set(items.map((i) => i.id).filter((id) => id !== undefined));
    const user = rowContextOf(actor);
    const rows = (await tx.select({ id: this.idColumn }).from(this.binding.table)) as { id: number }[];
    const removed: ResourceRow[] = [];
    for (const { id } of rows) {
      if (kept.has(id)) continue;
      const before = await this.load(tx, id);
      if (this.def.canDelete && !this.def.canDelete(before, user)) continue;
      if (this.binding.beforeDelete) await this.binding.beforeDelete(id, tx, actor);
      await tx.delete(this.binding.table).where(eq(this.idColumn, id));
      await this.audit(tx, actor.id, 'delete', id, before, null);
      removed.push(before);
    }
    return removed;
  }

  async remove(id: number, actor: Actor, parent: Values = {}): Promise<void> {
    const user = rowContextOf(actor);
    let row: ResourceRow;
    try {
      row = await this.db.transaction(async (tx) => {
        const before = await this.load(tx, id, parent);
        if (this.def.canDelete && !this.def.canDelete(before, user)) {
          const refusal = this.def.refusals?.delete;
          throw new HttpError(
            403,
            (typeof refusal === 'function' ? refusal(before, user) : refusal) ?? RESOURCE_MSG.cannotDelete,
          );
        }
        if (this.binding.beforeDelete) await this.binding.beforeDelete(id, tx, actor);
        await tx.delete(this.binding.table).where(eq(this.idColumn, id));
        await this.audit(tx, actor.id, 'delete', id, before, null);
        return before;
      });
    } catch (error) {
      translateDbError(this.def, error);
    }
    await this.written({ mode: 'delete', id, row });
  }
}
