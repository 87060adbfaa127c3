import { Button, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The create forms' footer: Cancel goes back, Save submits (disabled while saving). */
export function SaveCancelActions({ saving }: { saving: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
      <Button onClick={() => navigate(-1)}>{t('Cancel')}</Button>
      <Button type="submit" variant="contained" disabled={saving}>
        {t('Save')}
      </Button>
    </Stack>
  );
}
