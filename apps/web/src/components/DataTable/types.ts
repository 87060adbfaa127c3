import type { FieldDef, ResourceDef, ResourceRow, RowOf } from '@taxi/shared';
import type { ComponentType, ReactNode } from 'react';
import type { ResourceFormProps } from './ResourceForm';

/** What a page may draw itself in the generic list; rows are typed by the declaration. */
export interface ListParts<D extends ResourceDef = ResourceDef> {
  /** A cell drawn by the page (undefined: the default text of the field). */
  renderCell?: (row: RowOf<D>, field: FieldDef) => ReactNode | undefined;
  /** What an expanded row shows (instead of the declaration's `expand` list). */
  renderExpanded?: (row: RowOf<D>) => ReactNode;
  /** The expand button's accessible name. */
  expandLabel?: (row: RowOf<D>, open: boolean) => string;
  /** Under the search box: what it searches. */
  searchHint?: string;
  /** The add/edit form (default: the form built from the declaration). */
  Form?: ComponentType<ResourceFormProps>;
}

export interface DataTableProps<D extends ResourceDef = ResourceDef> extends ListParts<D> {
  def: D;
  /** Values of the url's `{param}`s (nested lists). */
  params?: Record<string, string | number>;
  /** Shown above the table (optional). */
  title?: ReactNode;
  /** Bulk actions on the selected rows. */
  onBulkAction?: (key: string, rows: RowOf<D>[]) => void;
}

/**
 * The list's rows are the declaration's rows: the server answers them through the response schema
 * derived from the same declaration.
 */
export const typedRow = <D extends ResourceDef>(row: ResourceRow) => row as RowOf<D>;
