import {
  type SxProps,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type TableRowProps,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';

export interface TableColumn<T> {
  key: string;
  label: ReactNode;
  render: (row: T) => ReactNode;
  sx?: SxProps<Theme>;
  align?: 'right';
}

const MUTED = { color: 'text.secondary' } as const;

/**
 * A table of rows under a header of columns: '…' while pending, `empty` (a full-width row) when there are
 * none, then `footer` rows.
 */
export function RowsTable<T>({
  columns,
  rows,
  rowKey,
  pending = false,
  empty,
  emptySx = MUTED,
  rowProps,
  footer,
  size = 'small',
  testId,
  ariaLabel,
}: {
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  pending?: boolean;
  /** The empty row's text; null for none. */
  empty: ReactNode;
  emptySx?: SxProps<Theme>;
  rowProps?: (row: T) => TableRowProps;
  footer?: ReactNode;
  size?: 'small' | 'medium';
  testId?: string;
  ariaLabel?: string;
}) {
  const fullRow = (content: ReactNode, sx?: SxProps<Theme>) => (
    <TableRow>
      <TableCell colSpan={columns.length} sx={sx}>
        {content}
      </TableCell>
    </TableRow>
  );
  return (
    <Table size={size} data-testid={testId} aria-label={ariaLabel}>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c.key} align={c.align} sx={c.sx}>
              {c.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {pending
          ? fullRow('…')
          : rows.map((row) => (
              <TableRow key={rowKey(row)} {...rowProps?.(row)}>
                {columns.map((c) => (
                  <TableCell key={c.key} align={c.align} sx={c.sx}>
                    {c.render(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
        {!pending && rows.length === 0 && empty !== null && fullRow(empty, emptySx)}
        {footer}
      </TableBody>
    </Table>
  );
}
