import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

/** Asks before a save deletes the rows whose features the edited text no longer holds. */
export function ConfirmDeleteDialog({
  names,
  onDelete,
  onKeep,
}: {
  /** The features to delete (none: closed). */
  names: readonly string[];
  onDelete: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={names.length > 0}
      title={t('Delete {{count}} features?', { count: names.length })}
      text={t('The saved layer will no longer hold: {{names}}.', { names: names.join(', ') })}
      keepLabel={t('Keep editing')}
      confirmLabel={t('Save and delete')}
      confirmTestId="confirm-delete-features"
      onConfirm={onDelete}
      onKeep={onKeep}
    />
  );
}
