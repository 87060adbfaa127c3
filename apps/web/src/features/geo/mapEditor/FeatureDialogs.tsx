import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { MAP_EDITOR_UI, type ResourceDef, type ResourceRow } from '@taxi/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormValues } from '../../../components/DataTable/fields/FieldInput';
import { ResourceForm } from '../../../components/DataTable/ResourceForm';

/**
 * A new feature's properties: the catalogue's own form (its required fields, its validation, the server's
 * field errors), with the drawn outline or point as fixed values.
 */
export function NewFeatureDialog({
  def,
  fixed,
  onSaved,
  onCancel,
}: {
  def: ResourceDef;
  /** null: closed. */
  fixed: FormValues | null;
  onSaved: (row: ResourceRow) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={fixed !== null} onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{MAP_EDITOR_UI.newFeatureTitle(t(def.title))}</DialogTitle>
      <DialogContent>
        {fixed && (
          <ResourceForm def={def} url={def.url} row={null} fixed={fixed} onSaved={onSaved} onCancel={onCancel} />
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * "Delete this feature?": a saved one is deleted from its catalogue, a drawn one only leaves the map; or
 * "Remove this vertex?" for the selected outline's corner under the pointer.
 */
export function DeleteFeatureDialog({
  name,
  saved,
  vertex,
  pending,
  onCancel,
  onConfirm,
}: {
  /** null: closed. */
  name: string | null;
  saved: boolean;
  vertex: boolean;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={name !== null} onClose={onCancel} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{vertex ? MAP_EDITOR_UI.vertexTitle : MAP_EDITOR_UI.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {vertex
            ? MAP_EDITOR_UI.vertexText(name ?? '')
            : saved
              ? MAP_EDITOR_UI.deleteSaved(name ?? '')
              : MAP_EDITOR_UI.deleteDrawn}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} autoFocus>
          {MAP_EDITOR_UI.cancel}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          loading={pending}
          data-testid="confirm-delete-feature"
        >
          {MAP_EDITOR_UI.delete}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
