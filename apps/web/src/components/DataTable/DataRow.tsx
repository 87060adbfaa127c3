import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { Box, Button, Checkbox, Collapse, IconButton, TableCell, TableRow, Tooltip } from '@mui/material';
import { type FieldDef, pathTo, RESOURCE_MSG, type ResourceDef, type ResourceRow, type RowContext } from '@taxi/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DataCell } from './DataCell';
import { ExpandedRows } from './ExpandedRows';
import { type ListParts, typedRow } from './types';

export interface DataRowProps<D extends ResourceDef> extends Omit<ListParts<D>, 'searchHint' | 'Form'> {
  def: D;
  row: ResourceRow;
  columns: readonly FieldDef[];
  /** Who looks: the declaration's per-row rules read it. */
  ctx: RowContext;
  writable: boolean;
  hasActions: boolean;
  expandable: boolean;
  selectable: boolean;
  selected: boolean;
  open: boolean;
  colSpan: number;
  onToggleOpen: () => void;
  onSelect: (checked: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One row of the list: expand button, selection, id, cells, row actions; then its collapsible details. */
export function DataRow<D extends ResourceDef>({
  def,
  row,
  columns,
  ctx,
  writable,
  hasActions,
  expandable,
  selectable,
  selected,
  open,
  colSpan,
  onToggleOpen,
  onSelect,
  onEdit,
  onDelete,
  renderCell,
  renderExpanded,
  expandLabel,
}: DataRowProps<D>) {
  const { t } = useTranslation();
  const editable = writable && (def.canEdit?.(row, ctx) ?? true);
  const deletable = writable && (def.canDelete?.(row, ctx) ?? true);
  const typed = typedRow<D>(row);
  return (
    <Fragment>
      <TableRow hover selected={selected || open} sx={{ '& > td': { borderBottom: open ? 0 : undefined } }}>
        {expandable && (
          <TableCell padding="checkbox">
            <IconButton
              size="small"
              aria-expanded={open}
              aria-label={expandLabel?.(typed, open) ?? RESOURCE_MSG.expand}
              onClick={onToggleOpen}
            >
              {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
            </IconButton>
          </TableCell>
        )}
        {selectable && (
          <TableCell padding="checkbox">
            <Checkbox
              checked={selected}
              onChange={(e) => onSelect(e.target.checked)}
              slotProps={{ input: { 'aria-label': RESOURCE_MSG.selectRow(row.id) } }}
            />
          </TableCell>
        )}
        <TableCell>{row.id}</TableCell>
        {columns.map((f) => (
          <TableCell key={f.name} align={f.align}>
            {renderCell?.(typed, f) ?? <DataCell field={f} row={row} />}
          </TableCell>
        ))}
        {hasActions && (
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {def.rowActions?.map((a) => (
              <Button
                key={a.key}
                size="small"
                component={RouterLink}
                to={pathTo(a.route, Object.fromEntries(Object.entries(a.params).map(([k, v]) => [k, String(row[v])])))}
              >
                {t(a.label)}
              </Button>
            ))}
            {writable && (
              <>
                <Tooltip title={RESOURCE_MSG.edit}>
                  <span>
                    <IconButton size="small" aria-label={RESOURCE_MSG.edit} disabled={!editable} onClick={onEdit}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={RESOURCE_MSG.delete}>
                  <span>
                    <IconButton size="small" aria-label={RESOURCE_MSG.delete} disabled={!deletable} onClick={onDelete}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </>
            )}
          </TableCell>
        )}
      </TableRow>
      {expandable && (
        <TableRow>
          <TableCell colSpan={colSpan} sx={{ py: 0, borderBottom: open ? undefined : 0 }}>
            <Collapse in={open} unmountOnExit>
              <Box sx={{ py: 1.5, pl: 6, pr: 1, bgcolor: 'action.hover', borderRadius: 1, my: 1 }}>
                {renderExpanded
                  ? renderExpanded(typed)
                  : def.expand && <ExpandedRows def={def} rowId={row.id} columns={def.expand.columns} />}
              </Box>
            </Collapse>
          </TableCell>
        </TableRow>
      )}
    </Fragment>
  );
}
