import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

/** Asks before unsaved edits are thrown away (another layer picked, the page left). */
export function ConfirmDiscardDialog({
  open,
  onDiscard,
  onKeep,
  text,
}: {
  open: boolean;
  /** What is lost (the GeoJSON editor's text by default). */
  text?: string;
  onDiscard: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={t('Discard your changes?')}
      text={text ?? t('The edited GeoJSON has not been saved. Its changes will be lost.')}
      keepLabel={t('Keep editing')}
      confirmLabel={t('Discard changes')}
      confirmTestId="discard-changes"
      onConfirm={onDiscard}
      onKeep={onKeep}
    />
  );
}
