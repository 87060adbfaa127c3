import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { MSG, RESOURCE_MSG, type ResourceDef, type ResourceRow } from '@taxi/shared';
import type { ComponentType } from 'react';
import { ResourceForm, type ResourceFormProps } from './ResourceForm';

/** The add/edit dialog around the catalogue's form. */
export function FormDialog({
  def,
  url,
  open,
  row,
  resetKey,
  onClose,
  Form = ResourceForm,
}: {
  def: ResourceDef;
  url: string;
  open: boolean;
  /** null: a new item. */
  row: ResourceRow | null;
  resetKey: number;
  onClose: () => void;
  Form?: ComponentType<ResourceFormProps>;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="resource-dialog-title">
      <DialogTitle id="resource-dialog-title">{row ? RESOURCE_MSG.editTitle : RESOURCE_MSG.newTitle}</DialogTitle>
      <DialogContent>
        <Form def={def} url={url} row={row} resetKey={resetKey} onSaved={onClose} onCancel={onClose} />
      </DialogContent>
    </Dialog>
  );
}

/** "Delete this item?" (or the selection's question, with its count) with Cancel and Delete. */
export function DeleteDialog({
  open,
  pending,
  onCancel,
  onConfirm,
  text,
}: {
  open: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** The question (default: MSG.confirmDelete, one item). */
  text?: string;
}) {
  return (
    <Dialog open={open} onClose={onCancel} aria-describedby="delete-dialog-text">
      <DialogContent>
        <DialogContentText id="delete-dialog-text">{text ?? MSG.confirmDelete}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{RESOURCE_MSG.cancel}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={pending} autoFocus>
          {RESOURCE_MSG.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
