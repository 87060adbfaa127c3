import { Button, Stack } from '@mui/material';
import { useNavigate } from 'react-router';

/** The create forms' footer: Cancel goes back, Save submits (disabled while saving). */
export function SaveCancelActions({ saving }: { saving: boolean }) {
  const navigate = useNavigate();
  return (
    <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end' }}>
      <Button onClick={() => navigate(-1)}>Cancel</Button>
      <Button type="submit" variant="contained" disabled={saving}>
        Save
      </Button>
    </Stack>
  );
}
